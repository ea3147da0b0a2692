import { useLocale } from '@bazaar/platform-shell';
import type { CatalogueApp } from '@bazaar/schemas';
import { Card, CardActionArea, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AppLogo } from '../../components/apps/app-logo.tsx';
import { appPagePath } from '../../components/apps/app-page-path.ts';
import { AppPriceChip } from '../../components/apps/app-price-chip.tsx';
import { formatCount } from '../../components/format-count.ts';
import { HighlightedText } from './highlighted-text.tsx';

/** Two lines of description at most, so cards in a row stay the same height. */
const clampTwoLines = {
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

/**
 * An app in a list: logo, title and description (the search's matches marked), developer, price
 * and downloads; the whole card opens its page. Its manager also sees that it is private or blocked.
 */
export function AppCard({ app }: { app: CatalogueApp }) {
  const { t, locale } = useLocale();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={appPagePath(app.did)}
        sx={{ height: '100%', p: 2, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <AppLogo app={app} size={48} />
          <Stack sx={{ minWidth: 0 }}>
            <Typography component="h3" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
              <HighlightedText text={app.title} segments={app.highlight?.title} />
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {t('store.visitor.app.by', { name: app.ownerName })}
            </Typography>
          </Stack>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, flexGrow: 1, ...clampTwoLines }}>
          <HighlightedText text={app.description} segments={app.highlight?.description} />
        </Typography>
        <Stack direction="row" sx={{ mt: 1.5, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <AppPriceChip price={app.price} />
          <Typography variant="caption" color="text.secondary">
            {t('store.visitor.app.downloads', {
              count: app.downloads,
              number: formatCount(app.downloads, locale),
            })}
          </Typography>
          {app.visibility === 'private' ? (
            <Chip size="small" variant="outlined" label={t('store.apps.visibility.private')} />
          ) : null}
          {app.isBlocked ? <Chip size="small" color="error" label={t('store.apps.blocked.chip')} /> : null}
        </Stack>
      </CardActionArea>
    </Card>
  );
}
