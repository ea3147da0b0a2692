import TablePagination from '@mui/material/TablePagination';
import type { MessageKey, Translate } from '@bazaar/i18n';

/** The page sizes a list offers, the Payment Kit's and the Store's alike. */
export const LIST_PAGE_SIZES = [5, 10, 20, 50, 100];

const PAGER_LABELS: Record<'first' | 'last' | 'next' | 'previous', MessageKey> = {
  first: 'common.table.firstPage',
  last: 'common.table.lastPage',
  next: 'common.table.nextPage',
  previous: 'common.table.previousPage',
};

export interface ListPaginationProps {
  count: number;
  /** Counted from 0, as MUI's pager counts. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /**
   * The host's translator: the kit's components pass the provider's, the Store's pages the
   * shell's, so one pager serves both without either's context.
   */
  t: Translate;
}

/** The pager under a list, in the page's language. */
export function ListPagination({ t, ...props }: ListPaginationProps) {
  return (
    <TablePagination
      component="div"
      count={props.count}
      page={props.page}
      rowsPerPage={props.pageSize}
      rowsPerPageOptions={LIST_PAGE_SIZES}
      onPageChange={(_event, next) => props.onPageChange(next)}
      onRowsPerPageChange={(event) => props.onPageSizeChange(Number(event.target.value))}
      labelRowsPerPage={t('common.table.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('common.table.displayedRows', { from, to, count })}
      getItemAriaLabel={(type) => t(PAGER_LABELS[type])}
      // On a phone the pager wraps rather than push its last arrow off the screen.
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 0 } }}
    />
  );
}
