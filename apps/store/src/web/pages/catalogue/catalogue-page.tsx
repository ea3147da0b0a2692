import { useLocale } from '@bazaar/platform-shell';
import { Box, Stack, Typography } from '@mui/material';
import { CatalogueFilterBar } from './catalogue-filter-bar.tsx';
import { isNarrowed, useCatalogueFilters } from './catalogue-filters.ts';
import { CatalogueResults } from './catalogue-results.tsx';
import { CatalogueSearchBox } from './catalogue-search-box.tsx';
import { ExploreSections } from './explore-sections.tsx';
import { StoreTipJar } from './store-tip-jar.tsx';

/**
 * `/`, `/search` and `/category/:category`: the catalogue, searched, filtered and sorted as the
 * address says. Unnarrowed, the home page's sections come first; the Store's tip jar closes it.
 */
export function CataloguePage() {
  const { t } = useLocale();
  const { filters, change } = useCatalogueFilters();
  return (
    <Stack spacing={5}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: 30, md: 44 } }}>
            {t('store.home.headline')}
          </Typography>
          <Typography variant="h6" color="text.secondary" sx={{ mt: 1, fontWeight: 400 }}>
            {t('store.home.subtitle')}
          </Typography>
        </Box>
        <Stack spacing={2} role="search">
          <CatalogueSearchBox keyword={filters.keyword} onSearch={(keyword) => change({ keyword })} />
          <CatalogueFilterBar filters={filters} onChange={change} />
        </Stack>
      </Stack>
      {isNarrowed(filters) ? null : <ExploreSections />}
      <CatalogueResults filters={filters} onChange={change} />
      <StoreTipJar />
    </Stack>
  );
}
