import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import type { Invoice } from '@bazaar/schemas';
import { useSessionUser } from '../api/use-session-user.ts';
import { formatMoney } from '@bazaar/money';
import { invoiceAddress } from '../overdue/overdue-addresses.ts';
import { OverdueCurrencyList } from '../overdue/overdue-currency-list.tsx';
import { isPaidByWallet } from '../overdue/use-chain-collection.ts';
import { useOverdueInvoices } from '../overdue/use-overdue-invoices.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { CustomerPageFallback } from './customer-page-fallback.tsx';
import { InvoiceStatusChip } from './invoice-status-chip.tsx';
import { LoginRequiredPanel } from './login-required-panel.tsx';

export interface PastDueInvoicesProps {
  /** Where "Back" leads (the page that sent the payer here); the host checks it is its own. */
  referer?: string | null;
}

const DATE_FORMAT = 'YYYY-MM-DD';

/** `isPaidByCurrency`: a chain invoice, paid with the rest of its currency above; its page only shows it. */
function PastDueRow({ invoice, isPaidByCurrency }: { invoice: Invoice; isPaidByCurrency: boolean }) {
  const { t, apiBaseUrl } = usePaymentContext();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1.5, sm: 2 }}
      sx={{ py: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{invoice.number}</Typography>
          <InvoiceStatusChip status={invoice.status} />
        </Stack>
        <Typography variant="body2" color="text.secondary" noWrap>
          {invoice.description}
        </Typography>
        {invoice.due_date !== null ? (
          <Typography variant="body2" color="text.secondary">
            {t('payment.invoice.dueOn', { date: dayjs.unix(invoice.due_date).format(DATE_FORMAT) })}
          </Typography>
        ) : null}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {formatMoney(invoice.amount_remaining, invoice.currency)}
        </Typography>
        <Button
          variant={isPaidByCurrency ? 'outlined' : 'contained'}
          href={invoiceAddress(apiBaseUrl, invoice.id)}
        >
          {isPaidByCurrency ? t('payment.overdue.viewDetails') : t('payment.pastDue.pay')}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * `/customer/invoice/past-due`: the signed-in customer's overdue invoices and what they owe per
 * currency. A chain currency is paid at once through the payer's wallet, as in the overdue
 * dialog; card invoices link to their page to be paid. The list refreshes as they are paid.
 */
export function PastDueInvoices({ referer }: PastDueInvoicesProps) {
  const { t } = usePaymentContext();
  const user = useSessionUser();
  const did = user.data?.did ?? null;
  const { scope, data, error, refetch } = useOverdueInvoices({ customerId: did }, did !== null);

  if (user.data === null) return <LoginRequiredPanel />;
  if (error) return <CustomerPageFallback error={error} />;

  return (
    <Paper variant="outlined" sx={{ maxWidth: 720, mx: 'auto', my: { xs: 2, md: 6 }, p: { xs: 2.5, md: 4 } }}>
      <Stack spacing={2}>
        {referer ? (
          <Button
            href={referer}
            startIcon={<ArrowBackRoundedIcon />}
            sx={{ alignSelf: 'flex-start', ml: -1 }}
          >
            {t('payment.pastDue.back')}
          </Button>
        ) : null}
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
          {t('payment.overdue.title')}
        </Typography>
        {!data ? (
          <Skeleton variant="rounded" height={160} aria-label={t('common.loading')} />
        ) : data.invoices.length === 0 ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'success.main' }}>
            <CheckCircleRoundedIcon />
            <Typography>{t('payment.pastDue.empty')}</Typography>
          </Stack>
        ) : (
          <>
            <Typography color="text.secondary">{t('payment.pastDue.description')}</Typography>
            <div>
              <Typography variant="body2" color="text.secondary">
                {t('payment.pastDue.totalDue')}
              </Typography>
              <OverdueCurrencyList scope={scope} data={data} refetch={refetch} />
            </div>
            <Stack divider={<Divider />}>
              {data.invoices.map((invoice) => (
                <PastDueRow
                  key={invoice.id}
                  invoice={invoice}
                  isPaidByCurrency={isPaidByWallet(data.summary[invoice.currency_id]?.method)}
                />
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
