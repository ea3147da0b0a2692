import type { GridFilterModel, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';

/** The page sizes every admin list offers. */
export const GRID_PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const PHONE_PAGE_SIZE = 5;

/** The search box's parameter, sent to the API as it is in the address. */
export const SEARCH_PARAM = 'q';

export interface GridUrlState {
  paginationModel: GridPaginationModel;
  sortModel: GridSortModel;
  filterModel: GridFilterModel;
  /** What the list endpoint is asked: the API's own parameter names, page counted from 1. */
  query: Record<string, string>;
}

function positiveInteger(text: string | null): number | null {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * A grid's view as the address holds it: `?page=2&pageSize=20&sortBy=name&sortDirection=asc&q=pro&active=false`.
 * Filters are named after their column's field, which is also the API's parameter, so a
 * shared link and the request it makes read alike. Anything unknown or malformed is ignored.
 */
export function readGridUrlState(
  params: URLSearchParams,
  { defaultPageSize, filterFields }: { defaultPageSize: number; filterFields: readonly string[] },
): GridUrlState {
  const requestedSize = positiveInteger(params.get('pageSize'));
  const pageSize = GRID_PAGE_SIZES.find((size) => size === requestedSize) ?? defaultPageSize;
  const page = positiveInteger(params.get('page')) ?? 1;
  const sortBy = params.get('sortBy');
  const sortDirection = params.get('sortDirection') === 'asc' ? 'asc' : 'desc';
  const search = params.get(SEARCH_PARAM)?.trim() ?? '';
  const filters = filterFields.flatMap((field) => {
    const value = params.get(field);
    return value ? [{ field, value }] : [];
  });

  const query: Record<string, string> = { page: String(page), pageSize: String(pageSize) };
  if (sortBy) Object.assign(query, { sortBy, sortDirection });
  if (search) query[SEARCH_PARAM] = search;
  for (const { field, value } of filters) query[field] = value;

  return {
    paginationModel: { page: page - 1, pageSize },
    sortModel: sortBy ? [{ field: sortBy, sort: sortDirection }] : [],
    filterModel: {
      items: filters.map(({ field, value }) => ({ id: field, field, operator: 'is', value })),
      quickFilterValues: search ? [search] : [],
    },
    query,
  };
}

/** `params` with `changes` applied; an empty value removes its parameter. */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** The address's parameters for a new sort; the view starts again at its first page. */
export function sortParams(model: GridSortModel): Record<string, string | null> {
  const [first] = model;
  return { sortBy: first?.field ?? null, sortDirection: first?.sort ?? null, page: null };
}

/** The address's parameters for a new filter model; the view starts again at its first page. */
export function filterParams(
  model: GridFilterModel,
  filterFields: readonly string[],
): Record<string, string | null> {
  const changes: Record<string, string | null> = { page: null };
  for (const field of filterFields) {
    const item = model.items.find((each) => each.field === field);
    changes[field] = item?.value === undefined || item.value === null ? null : String(item.value);
  }
  const search = model.quickFilterValues?.join(' ').trim();
  changes[SEARCH_PARAM] = search || null;
  return changes;
}

/** The address's parameters for a page or page size; a new size starts again at the first page. */
export function paginationParams(
  model: GridPaginationModel,
  current: GridPaginationModel,
): Record<string, string | null> {
  const isNewSize = model.pageSize !== current.pageSize;
  return {
    pageSize: String(model.pageSize),
    page: isNewSize || model.page === 0 ? null : String(model.page + 1),
  };
}
