import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { Invoice } from '@bazaar/schemas';
import { AuthenticationDialog } from '../checkout/authentication-dialog.tsx';
import { PaymentCardStep } from '../checkout/payment-card-step.tsx';
import { formatMoney } from '@bazaar/money';
import { useTranslate } from '../provider/payment-context.ts';
import { useInvoicePayment } from './use-invoice-payment.ts';

export interface InvoiceCardPaymentProps {
  invoice: Invoice;
  /** The invoice reads paid. */
  onPaid: () => void;
}

/** Pay now for a card invoice: the checkout's card step, and its authentication when the card asks. */
export function InvoiceCardPayment({ invoice, onPaid }: InvoiceCardPaymentProps) {
  const t = useTranslate();
  const { state, start, confirmCard, confirmAtProvider, authenticate, reset } = useInvoicePayment(
    invoice,
    onPaid,
  );

  return (
    <>
      {state.status === 'card' ? (
        <PaymentCardStep
          purpose="pay"
          card={state.card}
          isConfirming={state.isConfirming}
          error={state.error}
          isTestMode={!invoice.livemode}
          onConfirmTestCard={(card) => void confirmCard(card)}
          onConfirmAtProvider={(confirm) => void confirmAtProvider(confirm)}
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
        amount={formatMoney(invoice.amount_remaining, invoice.currency)}
        onDecide={authenticate}
      />
    </>
  );
}
