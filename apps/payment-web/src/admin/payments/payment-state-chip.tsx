import Chip from '@mui/material/Chip';
import { useTranslate } from '@bazaar/payment-react';
import { PAYMENT_STATE_COLOR, paymentState } from '@bazaar/payment-react/customer';
import type { PaymentIntent } from '@bazaar/schemas';

/** What became of a payment, as its customer is told it: paid, failed, processing, canceled or incomplete. */
export function PaymentStateChip({
  payment,
}: {
  payment: Pick<PaymentIntent, 'status' | 'last_payment_error'>;
}) {
  const t = useTranslate();
  const state = paymentState(payment);
  return (
    <Chip size="small" color={PAYMENT_STATE_COLOR[state]} label={t(`payment.payments.status.${state}`)} />
  );
}
