import { useLocale } from '@bazaar/platform-shell';
import type { StoreApp } from '@bazaar/schemas';
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { DetailSection } from '../../../components/apps/detail-section.tsx';
import { ShortDid } from '../../../components/apps/short-did.tsx';
import { formatDateTime } from '../../../components/format-date.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0, wordBreak: 'break-word' }}>
        {children}
      </Box>
    </Box>
  );
}

interface AppFactsSectionProps {
  app: StoreApp;
  /** The category's name in the page's language; null until an approval sets one. */
  categoryName: string | null;
}

/** What an admin decides on: the app's developer, category, how it is reviewed, how it is shown. */
export function AppFactsSection({ app, categoryName }: AppFactsSectionProps) {
  const { t } = useLocale();
  return (
    <DetailSection title={t('store.apps.facts.title')}>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'minmax(110px, auto) 1fr',
          gap: 1.5,
          alignItems: 'center',
        }}
      >
        <Fact label={t('store.apps.column.developer')}>
          <ShortDid did={app.ownerDid} />
        </Fact>
        <Fact label={t('store.apps.facts.category')}>{categoryName ?? t('store.apps.facts.noCategory')}</Fact>
        <Fact label={t('store.apps.facts.reviewType')}>{t(`store.apps.reviewType.${app.reviewType}`)}</Fact>
        <Fact label={t('store.apps.column.current')}>
          {app.currentVersion ?? t('store.apps.notPublished')}
        </Fact>
        <Fact label={t('store.apps.column.visibility')}>{t(`store.apps.visibility.${app.visibility}`)}</Fact>
        <Fact label={t('store.apps.column.autoPublish')}>
          {t(app.autoPublish ? 'store.apps.autoPublish.on' : 'store.apps.autoPublish.off')}
        </Fact>
        <Fact label={t('store.apps.facts.created')}>{formatDateTime(app.createdAt)}</Fact>
      </Box>
    </DetailSection>
  );
}
