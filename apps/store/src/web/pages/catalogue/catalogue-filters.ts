import {
  CATALOGUE_PRICE_FILTERS,
  CATALOGUE_SORTS,
  type CataloguePriceFilter,
  type CatalogueSort,
} from '@bazaar/schemas';
import { useNavigate, useParams, useSearchParams } from 'react-router';

/** What the catalogue shows, as its address says: `/category/{category}?keyword=…&price=…&sortBy=…`. */
export interface CatalogueFilters {
  keyword: string;
  /** A category id; empty for every category. */
  category: string;
  price: CataloguePriceFilter | '';
  /** The sort the visitor chose; empty for the default (`effectiveSort`). */
  sortBy: CatalogueSort | '';
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  values.find((each) => each === value) ?? '';

/** Relevance orders search results only; without a keyword the most downloaded come first. */
export function effectiveSort({
  keyword,
  sortBy,
}: Pick<CatalogueFilters, 'keyword' | 'sortBy'>): CatalogueSort {
  if (sortBy === 'relevance' || sortBy === '') return keyword ? 'relevance' : 'downloads';
  return sortBy;
}

/** Whether the visitor narrowed the catalogue (a sort alone narrows nothing). */
export function isNarrowed({ keyword, category, price }: CatalogueFilters): boolean {
  return keyword !== '' || category !== '' || price !== '';
}

/**
 * The address of a catalogue view: a category has its own path, the rest are query parameters,
 * and a view narrowed by nothing else is `/search`, or home when nothing at all is asked.
 */
export function catalogueAddress(filters: CatalogueFilters): string {
  const params = new URLSearchParams();
  if (filters.keyword) params.set('keyword', filters.keyword);
  if (filters.price) params.set('price', filters.price);
  if (filters.sortBy) params.set('sortBy', filters.sortBy);
  const query = params.toString();
  if (filters.category) {
    const path = `/category/${encodeURIComponent(filters.category)}`;
    return query ? `${path}?${query}` : path;
  }
  return query ? `/search?${query}` : '/';
}

/**
 * The catalogue's filters, read from the address and changed by going to another: the back button
 * and a shared link show the same view. A keyword typed on is a replaced entry, not one per pause.
 */
export function useCatalogueFilters() {
  const { category = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const filters: CatalogueFilters = {
    keyword: searchParams.get('keyword')?.trim() ?? '',
    category,
    price: oneOf(CATALOGUE_PRICE_FILTERS, searchParams.get('price')),
    sortBy: oneOf(CATALOGUE_SORTS, searchParams.get('sortBy')),
  };
  const change = (next: Partial<CatalogueFilters>) => {
    const isRefiningSearch = next.keyword !== undefined && filters.keyword !== '' && next.keyword !== '';
    void navigate(catalogueAddress({ ...filters, ...next }), { replace: isRefiningSearch });
  };
  return { filters, change };
}
