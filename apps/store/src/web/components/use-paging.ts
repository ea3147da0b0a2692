import { useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';

const PAGE_SIZE = 10;
/** A phone shows fewer rows, so the pager stays within a screen or two. */
const PHONE_PAGE_SIZE = 5;

/**
 * The page of a list and its size. The page counts within one filter set (`filterKey`): other
 * filters start again from the first page. Until the person picks a size, it follows the screen.
 */
export function usePaging(filterKey = '') {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [paging, setPaging] = useState<{ filterKey: string; page: number; pageSize: number | null }>({
    filterKey,
    page: 0,
    pageSize: null,
  });
  const page = paging.filterKey === filterKey ? paging.page : 0;
  return {
    /** Counted from 0, as MUI's pager counts; the API counts from 1. */
    page,
    pageSize: paging.pageSize ?? (isPhone ? PHONE_PAGE_SIZE : PAGE_SIZE),
    setPage: (next: number) => setPaging({ filterKey, page: next, pageSize: paging.pageSize }),
    setPageSize: (size: number) => setPaging({ filterKey, page: 0, pageSize: size }),
  };
}
