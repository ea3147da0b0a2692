import TablePagination from '@mui/material/TablePagination';
import type { MessageKey } from '@bazaar/i18n';
import { useTranslate } from '../provider/payment-context.ts';

/** The page sizes a customer's list offers. */
export const LIST_PAGE_SIZES = [5, 10, 20, 50, 100];

const PAGER_LABELS: Record<'first' | 'last' | 'next' | 'previous', MessageKey> = {
  first: 'payment.invoiceList.firstPage',
  last: 'payment.invoiceList.lastPage',
  next: 'payment.invoiceList.nextPage',
  previous: 'payment.invoiceList.previousPage',
};

export interface ListPaginationProps {
  count: number;
  /** Counted from 0, as MUI's pager counts. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** The pager under each of the customer's lists, in the page's language. */
export function ListPagination(props: ListPaginationProps) {
  const t = useTranslate();
  return (
    <TablePagination
      component="div"
      count={props.count}
      page={props.page}
      rowsPerPage={props.pageSize}
      rowsPerPageOptions={LIST_PAGE_SIZES}
      onPageChange={(_event, next) => props.onPageChange(next)}
      onRowsPerPageChange={(event) => props.onPageSizeChange(Number(event.target.value))}
      labelRowsPerPage={t('payment.invoiceList.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        t('payment.invoiceList.displayedRows', { from, to, count })
      }
      getItemAriaLabel={(type) => t(PAGER_LABELS[type])}
      // On a phone the pager wraps rather than push its last arrow off the screen.
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 0 } }}
    />
  );
}
