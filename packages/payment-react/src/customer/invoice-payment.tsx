import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { isChainMethodType, type Invoice } from '@bazaar/schemas';
import { formatMoney } from '@bazaar/money';
import { useNowSeconds } from '../primitives/use-now-seconds.ts';
import { useTranslate } from '../provider/payment-context.ts';
import { InvoiceCardPayment } from './invoice-card-payment.tsx';
import { InvoiceWalletPayment } from './invoice-wallet-payment.tsx';

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

/**
 * What an open or uncollectible invoice still asks, and paying it right here: by card, or from
 * the payer's wallet when a chain method collects it.
 */
export function InvoicePayment({ invoice, onPaid }: InvoicePaymentProps) {
  const t = useTranslate();
  // Past due from the second after its due date on.
  const nowSeconds = useNowSeconds(invoice.due_date === null ? null : invoice.due_date + 1);

  return (
    <Stack spacing={2}>
      {/* The engine tried to collect it and the payment failed: say so before asking again. */}
      {invoice.attempt_count > 0 ? (
        <Alert severity="error">{t('payment.error.payInvoiceFailed')}</Alert>
      ) : null}
      {isInvoicePastDue(invoice, nowSeconds) ? (
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
          {formatMoney(invoice.amount_remaining, invoice.currency)}
        </Typography>
      </Stack>
      {isChainMethodType(invoice.payment_method.type) ? (
        <InvoiceWalletPayment invoice={invoice} onPaid={onPaid} />
      ) : (
        <InvoiceCardPayment invoice={invoice} onPaid={onPaid} />
      )}
    </Stack>
  );
}
