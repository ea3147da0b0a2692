import { useLocale } from '@bazaar/platform-shell';
import type { StoreApp } from '@bazaar/schemas';
import { DetailSection } from '../../../components/apps/detail-section.tsx';
import { Fact, FactList } from '../../../components/apps/fact-list.tsx';
import { ShortDid } from '../../../components/apps/short-did.tsx';
import { formatDateTime } from '../../../components/format-date.ts';

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
      <FactList>
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
      </FactList>
    </DetailSection>
  );
}
