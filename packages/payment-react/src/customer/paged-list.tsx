import { useState, type ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { extractErrorText } from '../api/error-text.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import type { PageQuery } from './customer-lists-api.ts';
import { LIST_PAGE_SIZES, ListPagination } from '../primitives/list-pagination.tsx';

export interface Paging extends PageQuery {
  setPage: (page: number) => void;
  /** A new page size starts again at the first page. */
  setPageSize: (pageSize: number) => void;
}

/** Which page of a list is shown and how long pages are, counted from 1. */
export function usePaging(): Paging {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  return {
    page,
    pageSize,
    setPage,
    setPageSize: (size) => {
      setPageSize(size);
      setPage(1);
    },
  };
}

export interface PagedListProps<T extends { id: string }> {
  query: UseQueryResult<{ list: T[]; count: number }>;
  paging: Paging;
  /** Names the list for assistive technology. */
  label: string;
  emptyText: string;
  renderItem: (item: T) => ReactNode;
}

/**
 * One of the customer's lists as it loads, fails, is empty or shows a page: its items, and a
 * pager once there is more than the shortest page holds.
 */
export function PagedList<T extends { id: string }>(props: PagedListProps<T>) {
  const { query, paging } = props;
  const { t } = usePaymentContext();
  if (query.error) return <Typography color="error">{extractErrorText(query.error, t)}</Typography>;
  if (!query.data) return <Skeleton variant="rounded" height={140} />;
  if (query.data.count === 0) return <Typography color="text.secondary">{props.emptyText}</Typography>;
  return (
    <Stack>
      <Stack component="ul" aria-label={props.label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {query.data.list.map((item) => (
          <Stack
            key={item.id}
            component="li"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 0.5, sm: 2 }}
            sx={{ py: 1.5, alignItems: { sm: 'center' }, borderBottom: 1, borderColor: 'divider' }}
          >
            {props.renderItem(item)}
          </Stack>
        ))}
      </Stack>
      {query.data.count > LIST_PAGE_SIZES[0]! ? (
        <ListPagination
          t={t}
          count={query.data.count}
          page={paging.page - 1}
          pageSize={paging.pageSize}
          onPageChange={(next) => paging.setPage(next + 1)}
          onPageSizeChange={paging.setPageSize}
        />
      ) : null}
    </Stack>
  );
}
