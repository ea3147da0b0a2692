import type { ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cardBrandName } from '@bazaar/i18n';
import { formatMoney } from '@bazaar/money';
import type { CustomerPayment } from '@bazaar/schemas';
import { formatDateTime } from '../format/format-date.ts';
import { transactionUrl } from '../format/format-payment-details.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { PagedList, usePaging } from './paged-list.tsx';
import { RowStatus } from './row-status.tsx';
import { TransactionHash } from './transaction-hash.tsx';
import { usePaymentHistory } from './use-customer-lists.ts';

type PaymentState = 'succeeded' | 'failed' | 'processing' | 'canceled' | 'incomplete';

/** What became of a payment, in the customer's words: a declined card is a failed payment. */
export function paymentState(payment: Pick<CustomerPayment, 'status' | 'last_payment_error'>): PaymentState {
  if (payment.status === 'succeeded' || payment.status === 'processing' || payment.status === 'canceled') {
    return payment.status;
  }
  return payment.last_payment_error ? 'failed' : 'incomplete';
}

/** A payment state's chip colour, shared with the admin's customer page. */
export const PAYMENT_STATE_COLOR: Record<PaymentState, ChipProps['color']> = {
  succeeded: 'success',
  failed: 'error',
  processing: 'info',
  canceled: 'default',
  incomplete: 'warning',
};

/** How it was paid: the card, or the chain transaction (linked to its explorer). */
function PaidWith({ payment }: { payment: CustomerPayment }) {
  const details = payment.payment_details;
  if (!details) return <Typography variant="body2">{payment.payment_method.name}</Typography>;
  if ('last4' in details) {
    return (
      <Typography variant="body2">
        {payment.payment_method.name} · {cardBrandName(details.brand)} •••• {details.last4}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2">{payment.payment_method.name}</Typography>
      <TransactionHash hash={details.tx_hash} url={transactionUrl(details)} />
    </Stack>
  );
}

function PaymentRow({ payment }: { payment: CustomerPayment }) {
  const { t } = usePaymentContext();
  const state = paymentState(payment);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 150 }}>
        {formatDateTime(payment.created_at)}
      </Typography>
      <Typography sx={{ fontWeight: 600, minWidth: 110 }}>
        {formatMoney(payment.amount, payment.currency)}
      </Typography>
      <Stack sx={{ flex: 1, minWidth: 0 }}>
        <PaidWith payment={payment} />
      </Stack>
      <RowStatus
        color={PAYMENT_STATE_COLOR[state]}
        label={t(`payment.payments.status.${state}`)}
        invoiceId={payment.invoice_id}
      />
    </>
  );
}

/** The signed-in customer's payments, newest first: when, how much, how, what became of it, and its invoice. */
export function PaymentHistory() {
  const { t } = usePaymentContext();
  const paging = usePaging();
  return (
    <PagedList
      query={usePaymentHistory(paging)}
      paging={paging}
      label={t('payment.payments.title')}
      emptyText={t('payment.payments.empty')}
      renderItem={(payment) => <PaymentRow payment={payment} />}
    />
  );
}
