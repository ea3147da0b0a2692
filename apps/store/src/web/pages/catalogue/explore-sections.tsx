import { useLocale } from '@bazaar/platform-shell';
import type { CatalogueApp } from '@bazaar/schemas';
import { Link, Stack, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { APP_LIST_ERROR_TEXTS } from '../../components/apps/app-error-texts.ts';
import { LoadFailed, Loading } from '../../components/query-state.tsx';
import { AppCardGrid } from './app-card-grid.tsx';
import { useCatalogueExplore } from './use-catalogue.ts';

interface ExploreSectionProps {
  title: string;
  apps: CatalogueApp[];
  /** Where the whole list is ("See all 12"), beside the title. */
  more?: ReactNode;
}

function ExploreSection({ title, apps, more }: ExploreSectionProps) {
  const titleId = useId();
  if (apps.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby={titleId} spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 2 }}>
        <Typography id={titleId} component="h2" variant="h5" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {more}
      </Stack>
      <AppCardGrid apps={apps} label={title} isStripOnPhone />
    </Stack>
  );
}

/** The home page's sections: trending, recently updated, and each category with apps. */
export function ExploreSections() {
  const { t, locale } = useLocale();
  const explore = useCatalogueExplore();
  if (!explore.data) {
    return explore.error ? (
      <LoadFailed error={explore.error} texts={APP_LIST_ERROR_TEXTS} onRetry={() => void explore.refetch()} />
    ) : (
      <Loading />
    );
  }
  return (
    <Stack spacing={5}>
      <ExploreSection title={t('store.catalogue.section.trending')} apps={explore.data.trending} />
      <ExploreSection
        title={t('store.catalogue.section.recentlyUpdated')}
        apps={explore.data.recentlyUpdated}
      />
      {explore.data.categories.map(({ category, count, apps }) => (
        <ExploreSection
          key={category.id}
          title={category.name[locale]}
          apps={apps}
          more={
            <Link
              component={RouterLink}
              to={`/category/${encodeURIComponent(category.id)}`}
              sx={{ flexShrink: 0 }}
            >
              {t('store.catalogue.section.seeAll', { count })}
            </Link>
          }
        />
      ))}
    </Stack>
  );
}
