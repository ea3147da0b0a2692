import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@bazaar/money';
import { useTranslate } from '../provider/payment-context.ts';
import { CollectProgress } from './collect-progress.tsx';
import type { CurrencyPaymentState } from './overdue-payment-machine.ts';
import type { OverdueRow } from './overdue-rows.ts';

export interface OverdueCurrencyRowProps {
  entry: OverdueRow['entry'];
  invoiceCount: number;
  state: CurrencyPaymentState;
  /** Where a card payer pays: the invoice page (opened in a new tab, this page keeps waiting). */
  payOnPageHref: string | null;
  /** Null: the row only says what is owed (the past-due page pays card invoices one by one). */
  onPay: (() => void) | null;
}

/** One currency's overdue total and its pay action, in the state of its payment. */
export function OverdueCurrencyRow({
  entry,
  invoiceCount,
  state,
  payOnPageHref,
  onPay,
}: OverdueCurrencyRowProps) {
  const t = useTranslate();
  const isPaidOnPage = state.status === 'error' && state.code === 'notSupport' && payOnPageHref !== null;
  const isBusy = state.status === 'processing' || state.status === 'walletBinding';

  return (
    <Stack spacing={1.5} sx={{ py: 2 }} aria-busy={isBusy}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <div>
          <Typography variant="h6" component="p" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {formatMoney(entry.amount, entry.currency)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('payment.overdue.rowDetail', { method: entry.method.name, count: invoiceCount })}
          </Typography>
        </div>
        {state.status === 'success' ? (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'success.main' }}>
            <CheckCircleRoundedIcon fontSize="small" />
            <Typography variant="body2">{t('payment.invoice.status.paid')}</Typography>
          </Stack>
        ) : isPaidOnPage ? (
          <Button
            variant="contained"
            href={payOnPageHref}
            target="_blank"
            rel="noopener"
            endIcon={<OpenInNewRoundedIcon />}
          >
            {t('payment.overdue.viewNow')}
          </Button>
        ) : onPay ? (
          <Button
            variant={state.status === 'error' ? 'outlined' : 'contained'}
            disabled={isBusy}
            onClick={onPay}
            startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : null}
          >
            {state.status === 'error' ? t('common.retry') : t('payment.checkout.action.pay')}
          </Button>
        ) : null}
      </Stack>
      <CollectProgress state={state} approveNotice="payment.overdue.approveNotice" />
      {isPaidOnPage ? (
        <Alert severity="info" variant="outlined">
          {t('payment.overdue.payOnInvoicePage')}
        </Alert>
      ) : state.status === 'error' ? (
        <Alert severity="error">{state.error}</Alert>
      ) : null}
    </Stack>
  );
}
