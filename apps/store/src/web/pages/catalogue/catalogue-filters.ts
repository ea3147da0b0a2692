import { LIST_PAGE_SIZES } from '@bazaar/payment-react';
import {
  CATALOGUE_PRICE_FILTERS,
  CATALOGUE_SORTS,
  DEFAULT_SORT_DIRECTIONS,
  SORT_DIRECTIONS,
  type CataloguePriceFilter,
  type CatalogueSort,
  type SortDirection,
} from '@bazaar/schemas';
import { useNavigate, useParams, useSearchParams } from 'react-router';

/**
 * What the catalogue shows, as its address says:
 * `/category/{category}?keyword=…&price=…&sortBy=…&sortDirection=…&page=…&pageSize=…`.
 */
export interface CatalogueFilters {
  keyword: string;
  /** A category id; empty for every category. */
  category: string;
  price: CataloguePriceFilter | '';
  /** The sort the visitor chose; empty for the default (`effectiveSort`). */
  sortBy: CatalogueSort | '';
  /** The direction the visitor chose; empty for the sort's own (`effectiveDirection`). */
  sortDirection: SortDirection | '';
  /** Counted from 1. */
  page: number;
  /** The size the visitor chose; null for the screen's (`useDefaultPageSize`). */
  pageSize: number | null;
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

/** The chosen direction, else the one the sort reads naturally in (most downloaded, newest, A to Z first). */
export function effectiveDirection(filters: Pick<CatalogueFilters, 'keyword' | 'sortBy' | 'sortDirection'>) {
  return filters.sortDirection || DEFAULT_SORT_DIRECTIONS[effectiveSort(filters)];
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
  if (filters.sortDirection) params.set('sortDirection', filters.sortDirection);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.pageSize !== null) params.set('pageSize', String(filters.pageSize));
  const query = params.toString();
  if (filters.category) {
    const path = `/category/${encodeURIComponent(filters.category)}`;
    return query ? `${path}?${query}` : path;
  }
  return query ? `/search?${query}` : '/';
}

/** A page number of the address, or the first page for anything else. */
function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** A page size the pager offers, or none. */
function pageSizeOf(value: string | null): number | null {
  return LIST_PAGE_SIZES.find((size) => String(size) === value) ?? null;
}

/**
 * The catalogue's filters, read from the address and changed by going to another: the back button
 * and a shared link show the same view. A keyword typed on is a replaced entry, not one per pause.
 * Any change but the page's starts again from the first page.
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
    sortDirection: oneOf(SORT_DIRECTIONS, searchParams.get('sortDirection')),
    page: pageOf(searchParams.get('page')),
    pageSize: pageSizeOf(searchParams.get('pageSize')),
  };
  const change = (next: Partial<CatalogueFilters>) => {
    const isRefiningSearch = next.keyword !== undefined && filters.keyword !== '' && next.keyword !== '';
    void navigate(catalogueAddress({ ...filters, page: 1, ...next }), { replace: isRefiningSearch });
  };
  return { filters, change };
}
