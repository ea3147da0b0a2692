import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import type { Invoice } from '@bazaar/schemas';
import { AuthenticationDialog } from '../checkout/authentication-dialog.tsx';
import { CardStep } from '../checkout/card-step.tsx';
import { formatMoney } from '../format/format-money.ts';
import { useTranslate } from '../provider/payment-context.ts';
import { useInvoicePayment } from './use-invoice-payment.ts';

const DATE_FORMAT = 'YYYY-MM-DD';

/** Whether the invoice holds back new purchases (billing design, "Overdue gating"). */
function isInvoicePastDue(invoice: Invoice, nowSeconds: number): boolean {
  return (
    invoice.status === 'uncollectible' ||
    (invoice.status === 'open' && invoice.due_date !== null && invoice.due_date < nowSeconds)
  );
}

export interface InvoicePaymentProps {
  invoice: Invoice;
  /** The invoice reads paid (the page then shows it paid, without this section). */
  onPaid: () => void;
}

/** What an open or uncollectible invoice still asks, and paying it by card right here. */
export function InvoicePayment({ invoice, onPaid }: InvoicePaymentProps) {
  const t = useTranslate();
  const { state, start, confirmCard, authenticate, reset } = useInvoicePayment(invoice, onPaid);
  const amount = formatMoney(invoice.amount_remaining, invoice.currency);

  return (
    <Stack spacing={2}>
      {isInvoicePastDue(invoice, dayjs().unix()) ? (
        <Alert severity="warning">{t('payment.invoice.pastDueNotice')}</Alert>
      ) : null}
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 2 }}>
        <div>
          <Typography color="text.secondary">{t('payment.invoice.amountDue')}</Typography>
          {invoice.due_date !== null ? (
            <Typography variant="body2" color="text.secondary">
              {t('payment.invoice.dueOn', { date: dayjs.unix(invoice.due_date).format(DATE_FORMAT) })}
            </Typography>
          ) : null}
        </div>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {amount}
        </Typography>
      </Stack>
      {state.status === 'card' ? (
        <CardStep
          purpose="pay"
          isConfirming={state.isConfirming}
          error={state.error}
          isTestMode={!invoice.livemode}
          onConfirm={(card) => void confirmCard(card)}
          onCancel={reset}
        />
      ) : state.status === 'authenticating' ? null : (
        <>
          {state.status === 'idle' && state.error ? <Alert severity="error">{state.error}</Alert> : null}
          {state.status === 'failed' ? <Alert severity="error">{state.error}</Alert> : null}
          <Button
            variant="contained"
            size="large"
            disabled={state.status === 'submitting' || state.status === 'paying'}
            onClick={() => void start()}
            startIcon={
              state.status === 'submitting' || state.status === 'paying' ? (
                <CircularProgress size={18} color="inherit" />
              ) : (
                <LockOutlinedIcon fontSize="small" />
              )
            }
          >
            {state.status === 'paying'
              ? t('payment.checkout.paying')
              : state.status === 'failed'
                ? t('common.retry')
                : t('payment.invoice.payNow')}
          </Button>
        </>
      )}
      <AuthenticationDialog
        isOpen={state.status === 'authenticating'}
        amount={amount}
        onDecide={authenticate}
      />
    </Stack>
  );
}
