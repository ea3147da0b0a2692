import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDateTimeMinutes, formatMoney, useTranslate } from '@bazaar/payment-react';
import { PAYMENT_STATE_COLOR, paymentState } from '@bazaar/payment-react/customer';
import type { CustomerPayment } from '@bazaar/schemas';
import { OwnedRow, OwnedRows } from './owned-row.tsx';

/** The customer's payments: when, how much, by which method, and what became of each (as the customer area says it). */
export function CustomerPaymentList({ payments }: { payments: CustomerPayment[] }) {
  const t = useTranslate();
  return (
    <OwnedRows>
      {payments.map((payment) => {
        const state = paymentState(payment);
        return (
          <OwnedRow key={payment.id}>
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 140 }}>
              {formatDateTimeMinutes(payment.created_at)}
            </Typography>
            <Typography variant="body2" sx={{ flex: 1, minWidth: 100 }}>
              {payment.payment_method.name}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 96, textAlign: 'right' }}>
              {formatMoney(payment.amount, payment.currency)}
            </Typography>
            <Chip
              size="small"
              color={PAYMENT_STATE_COLOR[state]}
              label={t(`payment.payments.status.${state}`)}
            />
          </OwnedRow>
        );
      })}
    </OwnedRows>
  );
}
