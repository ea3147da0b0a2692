import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@bazaar/money';
import type { Invoice } from '@bazaar/schemas';
import { extractErrorText } from '../api/error-text.ts';
import { formatDate, formatTime } from '../format/format-date.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { invoiceListQuery, type InvoiceListProps } from './invoice-list-filters.ts';
import { InvoiceListEmpty } from './invoice-list-empty.tsx';
import { followRowClick, invoiceRowAddress, type InvoiceLinkOptions } from './invoice-list-links.ts';
import { InvoicePaidNotice } from './invoice-paid-notice.tsx';
import { InvoicePayOrStatus } from './invoice-pay-or-status.tsx';
import { invoiceReasonKey } from './invoice-reason.ts';
import { useInvoiceListPages, useInvoicePaidRefresh } from './use-invoice-list.ts';

export interface InvoiceGroupedListProps extends InvoiceListProps {
  /** How many invoices each "Load more" reads; 10 by default. */
  pageSize?: number;
}

const PAGE_SIZE = 10;

/** Invoices newest first, split by the reader's local day, in the order they came. */
function groupByDay(invoices: Invoice[]): { day: string; invoices: Invoice[] }[] {
  const days = new Map<string, Invoice[]>();
  for (const invoice of invoices) {
    const day = formatDate(invoice.created_at);
    const group = days.get(day);
    if (group) group.push(invoice);
    else days.set(day, [invoice]);
  }
  return [...days].map(([day, list]) => ({ day, invoices: list }));
}

/**
 * The customer's invoices under a heading per day (as a phone or a narrow column reads them):
 * time, number, type, amount and the status (or "Pay now"), with "Load more" while some remain.
 */
export function InvoiceGroupedList({ pageSize = PAGE_SIZE, ...props }: InvoiceGroupedListProps) {
  const { t } = usePaymentContext();
  const query = useInvoiceListPages({ ...invoiceListQuery(props), pageSize });
  const pages = query.data?.pages;
  const invoices = pages?.flatMap((page) => page.list) ?? [];
  const { isPaidNoticeOpen, closePaidNotice } = useInvoicePaidRefresh(
    props.customerId ?? invoices[0]?.customer_id,
  );

  const notice = <InvoicePaidNotice isOpen={isPaidNoticeOpen} onClose={closePaidNotice} />;
  if (!pages) {
    return query.error ? (
      <Typography color="error">{extractErrorText(query.error, t)}</Typography>
    ) : (
      <Skeleton variant="rounded" height={240} aria-label={t('common.loading')} />
    );
  }
  if (invoices.length === 0) {
    return (
      <>
        <InvoiceListEmpty subscription={props.subscription ?? pages[0]?.subscription} />
        {notice}
      </>
    );
  }
  return (
    <Stack spacing={3}>
      {groupByDay(invoices).map(({ day, invoices: ofDay }) => (
        <Box component="section" key={day}>
          <Typography component="h3" variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
            {day}
          </Typography>
          <Stack
            component="ul"
            divider={<Divider component="li" aria-hidden />}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
          >
            {ofDay.map((invoice) => (
              <InvoiceGroupedRow
                key={invoice.id}
                invoice={invoice}
                action={props.action}
                paymentDetailsUrl={props.paymentDetailsUrl}
              />
            ))}
          </Stack>
        </Box>
      ))}
      {query.error ? <Typography color="error">{extractErrorText(query.error, t)}</Typography> : null}
      {query.hasNextPage ? (
        <Button
          variant="outlined"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
          sx={{ alignSelf: 'center' }}
        >
          {t('payment.invoiceList.loadMore')}
        </Button>
      ) : null}
      {notice}
    </Stack>
  );
}

function InvoiceGroupedRow({
  invoice,
  action,
  paymentDetailsUrl,
}: { invoice: Invoice } & InvoiceLinkOptions) {
  const { t, apiBaseUrl } = usePaymentContext();
  const address = invoiceRowAddress(apiBaseUrl, invoice, { action, paymentDetailsUrl });
  return (
    <Stack
      component="li"
      direction="row"
      spacing={2}
      onClick={(event) => followRowClick(event, address)}
      sx={{ alignItems: 'center', py: 1.25, cursor: address === null ? undefined : 'pointer' }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatTime(invoice.created_at)}
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
          {address === null ? invoice.number : <Link href={address}>{invoice.number}</Link>}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(invoiceReasonKey(invoice))}
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {formatMoney(invoice.total, invoice.currency)}
      </Typography>
      <InvoicePayOrStatus invoice={invoice} action={action} />
    </Stack>
  );
}
