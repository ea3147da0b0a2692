import { useState } from 'react';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatMoney } from '@bazaar/money';
import type { Invoice } from '@bazaar/schemas';
import { extractErrorText } from '../api/error-text.ts';
import { formatDateTime, formatDateTimeMinutes } from '../format/format-date.ts';
import { subscriptionAddress } from '../overdue/overdue-addresses.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { invoiceListParams } from './invoice-api.ts';
import { invoiceListQuery, type InvoiceListProps } from './invoice-list-filters.ts';
import { InvoiceListEmpty } from './invoice-list-empty.tsx';
import { followRowClick, invoiceRowAddress, type InvoiceLinkOptions } from './invoice-list-links.ts';
import { InvoicePaidNotice } from './invoice-paid-notice.tsx';
import { ListPagination } from '../primitives/list-pagination.tsx';
import { InvoicePayOrStatus } from './invoice-pay-or-status.tsx';
import { invoiceReasonKey } from './invoice-reason.ts';
import { useInvoiceList, useInvoicePaidRefresh } from './use-invoice-list.ts';

export interface InvoiceTableProps extends InvoiceListProps {
  /** Adds a column linking each invoice's subscription; dates then drop their seconds to make room. */
  showSubscription?: boolean;
}

const PAGE_SIZE = 10;
/** A phone shows fewer rows, so the pager stays within a screen or two. */
const PHONE_PAGE_SIZE = 5;

/**
 * The customer's invoices a page at a time, newest first: amount, type, number, date, description,
 * and the status (or "Pay now" for what is owed); a row leads to its invoice. Paid invoices show
 * up as the relay reports them.
 */
export function InvoiceTable({ showSubscription = false, ...props }: InvoiceTableProps) {
  const { t } = usePaymentContext();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'));
  const filters = invoiceListQuery(props);
  // The page counts within one filter set: other filters start again from the first page.
  const filterKey = JSON.stringify(invoiceListParams(filters));
  const [paging, setPaging] = useState<{ filterKey: string; page: number; pageSize: number | null }>({
    filterKey,
    page: 0,
    pageSize: null,
  });
  const page = paging.filterKey === filterKey ? paging.page : 0;
  // Until the payer picks a size, it follows the screen.
  const pageSize = paging.pageSize ?? (isPhone ? PHONE_PAGE_SIZE : PAGE_SIZE);
  const query = useInvoiceList({ ...filters, page: page + 1, pageSize });
  const data = query.data;
  const { isPaidNoticeOpen, closePaidNotice } = useInvoicePaidRefresh(
    props.customerId ?? data?.list[0]?.customer_id,
  );

  const notice = <InvoicePaidNotice isOpen={isPaidNoticeOpen} onClose={closePaidNotice} />;
  if (!data) {
    return query.error ? (
      <Typography color="error">{extractErrorText(query.error, t)}</Typography>
    ) : (
      <Skeleton variant="rounded" height={240} aria-label={t('common.loading')} />
    );
  }
  if (data.count === 0) {
    return (
      <>
        <InvoiceListEmpty subscription={props.subscription ?? data.subscription} />
        {notice}
      </>
    );
  }
  return (
    <>
      <TableContainer aria-busy={query.isPlaceholderData}>
        {/* Cells keep to one line: on a phone the table scrolls sideways rather than break a number per
            letter. The description alone wraps, so a long one does not push the pay action out of view. */}
        <Table
          size="small"
          aria-label={t('payment.invoiceList.label')}
          sx={{
            '& th, & td': { whiteSpace: 'nowrap' },
            '& td.description': { whiteSpace: 'normal', minWidth: 160 },
          }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('payment.invoice.amount')}</TableCell>
              <TableCell>{t('payment.invoiceList.type')}</TableCell>
              <TableCell>{t('payment.invoiceList.number')}</TableCell>
              {showSubscription ? <TableCell>{t('payment.invoiceList.subscription')}</TableCell> : null}
              <TableCell>{t('payment.invoiceList.date')}</TableCell>
              <TableCell>{t('payment.invoice.description')}</TableCell>
              <TableCell>{t('payment.invoiceList.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.list.map((invoice) => (
              <InvoiceTableRow
                key={invoice.id}
                invoice={invoice}
                showSubscription={showSubscription}
                action={props.action}
                paymentDetailsUrl={props.paymentDetailsUrl}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination
        t={t}
        count={data.count}
        page={page}
        pageSize={pageSize}
        onPageChange={(next) => setPaging({ filterKey, page: next, pageSize: paging.pageSize })}
        onPageSizeChange={(size) => setPaging({ filterKey, page: 0, pageSize: size })}
      />
      {notice}
    </>
  );
}

interface InvoiceTableRowProps extends InvoiceLinkOptions {
  invoice: Invoice;
  showSubscription: boolean;
}

function InvoiceTableRow({ invoice, showSubscription, action, paymentDetailsUrl }: InvoiceTableRowProps) {
  const { t, apiBaseUrl } = usePaymentContext();
  const address = invoiceRowAddress(apiBaseUrl, invoice, { action, paymentDetailsUrl });
  return (
    <TableRow
      hover
      onClick={(event) => followRowClick(event, address)}
      sx={{ cursor: address === null ? undefined : 'pointer' }}
    >
      <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
        {formatMoney(invoice.total, invoice.currency)}
      </TableCell>
      <TableCell>{t(invoiceReasonKey(invoice))}</TableCell>
      <TableCell sx={{ wordBreak: 'break-all' }}>
        {address === null ? invoice.number : <Link href={address}>{invoice.number}</Link>}
      </TableCell>
      {showSubscription ? (
        <TableCell sx={{ wordBreak: 'break-all' }}>
          {invoice.subscription_id ? (
            <Link href={subscriptionAddress(apiBaseUrl, invoice.subscription_id)}>
              {invoice.subscription_id}
            </Link>
          ) : null}
        </TableCell>
      ) : null}
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {showSubscription ? formatDateTimeMinutes(invoice.created_at) : formatDateTime(invoice.created_at)}
      </TableCell>
      <TableCell className="description">{invoice.description}</TableCell>
      <TableCell>
        <InvoicePayOrStatus invoice={invoice} action={action} />
      </TableCell>
    </TableRow>
  );
}
