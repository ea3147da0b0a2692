import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { refundedAmount, type Invoice } from '@bazaar/schemas';
import { extractErrorText } from '../api/error-text.ts';
import { formatDate } from '../format/format-date.ts';
import { formatMoney } from '@bazaar/money';
import { usePaymentContext } from '../provider/payment-context.ts';
import { InvoiceStatusChip } from './invoice-status-chip.tsx';

export interface SubscriptionInvoicesProps {
  page: { list: Invoice[]; count: number } | undefined;
  error: unknown;
}

/** The subscription's invoices, newest first: number (to its page), date, amount, what was refunded and status. */
export function SubscriptionInvoices({ page, error }: SubscriptionInvoicesProps) {
  const { t } = usePaymentContext();
  if (error) return <Typography color="error">{extractErrorText(error, t)}</Typography>;
  if (!page) return <Skeleton variant="rounded" height={96} />;
  if (page.list.length === 0) {
    return <Typography color="text.secondary">{t('payment.subscription.noInvoices')}</Typography>;
  }
  return (
    <Stack
      component="ul"
      divider={<Divider component="li" aria-hidden />}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {page.list.map((invoice) => (
        <InvoiceRow key={invoice.id} invoice={invoice} />
      ))}
      {page.count > page.list.length ? (
        <Typography component="li" variant="body2" color="text.secondary" sx={{ pt: 1.5 }}>
          {t('payment.subscription.invoicesShown', { shown: page.list.length, count: page.count })}
        </Typography>
      ) : null}
    </Stack>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const { t, apiBaseUrl } = usePaymentContext();
  const date = formatDate(invoice.created_at);
  const amount = formatMoney(invoice.total, invoice.currency);
  const refunded = refundedAmount(invoice);
  return (
    <Stack
      component="li"
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', py: 1.25, '&:first-of-type': { pt: 0 } }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Link
          href={`${apiBaseUrl.replace(/\/$/, '')}/customer/invoice/${invoice.id}`}
          aria-label={t('payment.subscription.invoiceLabel', { number: invoice.number, date, amount })}
          sx={{ fontWeight: 600, wordBreak: 'break-all' }}
        >
          {invoice.number}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {date}
        </Typography>
      </Box>
      <Box sx={{ textAlign: 'right' }}>
        <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{amount}</Typography>
        {refunded > 0n ? (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {t('payment.invoice.refunded', { amount: formatMoney(refunded, invoice.currency) })}
          </Typography>
        ) : null}
      </Box>
      <InvoiceStatusChip status={invoice.status} />
    </Stack>
  );
}
