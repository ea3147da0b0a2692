import { useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';

const PAGE_SIZE = 10;
/** A phone shows fewer rows, so the pager stays within a screen or two. */
const PHONE_PAGE_SIZE = 5;

/**
 * The page of a list and its size. The page counts within one filter set (`filterKey`): other
 * filters start again from the first page. Until the person picks a size, it follows the screen.
 */
/** The page size of a list whose reader has not picked one: smaller on a phone. */
export function useDefaultPageSize(): number {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm')) ? PHONE_PAGE_SIZE : PAGE_SIZE;
}

export function usePaging(filterKey = '') {
  const defaultPageSize = useDefaultPageSize();
  const [paging, setPaging] = useState<{ filterKey: string; page: number; pageSize: number | null }>({
    filterKey,
    page: 0,
    pageSize: null,
  });
  const page = paging.filterKey === filterKey ? paging.page : 0;
  return {
    /** Counted from 0, as MUI's pager counts; the API counts from 1. */
    page,
    pageSize: paging.pageSize ?? defaultPageSize,
    setPage: (next: number) => setPaging({ filterKey, page: next, pageSize: paging.pageSize }),
    setPageSize: (size: number) => setPaging({ filterKey, page: 0, pageSize: size }),
  };
}
