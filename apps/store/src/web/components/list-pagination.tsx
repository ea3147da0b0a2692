import type { MessageKey } from '@bazaar/i18n';
import { useLocale } from '@bazaar/platform-shell';
import { TablePagination } from '@mui/material';

/** The page sizes a Store list offers (the spec's). */
export const LIST_PAGE_SIZES = [5, 10, 20, 50, 100];

const PAGER_LABELS: Record<'first' | 'last' | 'next' | 'previous', MessageKey> = {
  first: 'store.table.firstPage',
  last: 'store.table.lastPage',
  next: 'store.table.nextPage',
  previous: 'store.table.previousPage',
};

interface ListPaginationProps {
  count: number;
  /** Counted from 0, as MUI's pager counts. */
  page: number;
  pageSize: number;
  onPageChange(page: number): void;
  onPageSizeChange(pageSize: number): void;
}

/** The pager under a Store list, in the page's language. */
export function ListPagination(props: ListPaginationProps) {
  const { t } = useLocale();
  return (
    <TablePagination
      component="div"
      count={props.count}
      page={props.page}
      rowsPerPage={props.pageSize}
      rowsPerPageOptions={LIST_PAGE_SIZES}
      onPageChange={(_event, next) => props.onPageChange(next)}
      onRowsPerPageChange={(event) => props.onPageSizeChange(Number(event.target.value))}
      labelRowsPerPage={t('store.table.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('store.table.displayedRows', { from, to, count })}
      getItemAriaLabel={(type) => t(PAGER_LABELS[type])}
      // On a phone the pager wraps rather than push its last arrow off the screen.
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 0 } }}
    />
  );
}
