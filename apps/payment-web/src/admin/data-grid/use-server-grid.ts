import { useCallback, useMemo } from 'react';
import type { GridFilterModel, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_PAGE_SIZE,
  filterParams,
  paginationParams,
  PHONE_PAGE_SIZE,
  readGridUrlState,
  SEARCH_PARAM,
  sortParams,
  withParams,
} from './grid-url-state.ts';

export interface ServerGrid {
  paginationModel: GridPaginationModel;
  sortModel: GridSortModel;
  filterModel: GridFilterModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  onSortModelChange: (model: GridSortModel) => void;
  onFilterModelChange: (model: GridFilterModel) => void;
  /** The list endpoint's query for this view. */
  query: Record<string, string>;
  search: string;
  setSearch: (search: string) => void;
  /** A filter's value by its field, `''` when unset. */
  filterValue: (field: string) => string;
  setFilterValue: (field: string, value: string) => void;
}

/**
 * A server-side grid's page, size, sort, search and filters, kept in the address so a reload or
 * a shared link shows the same view. `filterFields` names the filters the list endpoint takes.
 */
export function useServerGrid(filterFields: readonly string[] = []): ServerGrid {
  const [params, setParams] = useSearchParams();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const state = useMemo(
    () =>
      readGridUrlState(params, {
        defaultPageSize: isPhone ? PHONE_PAGE_SIZE : DEFAULT_PAGE_SIZE,
        filterFields,
      }),
    [params, isPhone, filterFields],
  );
  const change = useCallback(
    (changes: Record<string, string | null>) => setParams((current) => withParams(current, changes)),
    [setParams],
  );

  return {
    ...state,
    onPaginationModelChange: (model) => change(paginationParams(model, state.paginationModel)),
    onSortModelChange: (model) => change(sortParams(model)),
    onFilterModelChange: (model) => change(filterParams(model, filterFields)),
    search: state.query[SEARCH_PARAM] ?? '',
    setSearch: (search) => change({ [SEARCH_PARAM]: search.trim() || null, page: null }),
    filterValue: (field) => state.query[field] ?? '',
    setFilterValue: (field, value) => change({ [field]: value || null, page: null }),
  };
}
