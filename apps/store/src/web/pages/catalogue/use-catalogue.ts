import { catalogueAppListSchema, catalogueExploreSchema } from '@bazaar/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callStoreApi } from '../../api/store-api.ts';
import { storeKeys } from '../../api/store-query-keys.ts';
import { effectiveSort, type CatalogueFilters } from './catalogue-filters.ts';

/** One page of the catalogue as filtered, sorted and searched; the last page stays while the next loads. */
export function useCatalogueApps(filters: CatalogueFilters, paging: { page: number; pageSize: number }) {
  const query = {
    keyword: filters.keyword || undefined,
    category: filters.category || undefined,
    price: filters.price || undefined,
    sortBy: effectiveSort(filters),
    sortDirection: filters.sortDirection || undefined,
    page: paging.page,
    pageSize: paging.pageSize,
  };
  return useQuery({
    queryKey: storeKeys.cataloguePage(query),
    queryFn: () => callStoreApi('GET', '/apps', catalogueAppListSchema, { query }),
    placeholderData: keepPreviousData,
  });
}

/** The home page's sections: trending, recently updated, and each category's most downloaded. */
export function useCatalogueExplore() {
  return useQuery({
    queryKey: storeKeys.explore(),
    queryFn: () => callStoreApi('GET', '/apps/explore', catalogueExploreSchema),
  });
}
