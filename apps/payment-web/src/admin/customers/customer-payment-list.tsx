import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDateTimeMinutes, formatMoney } from '@bazaar/payment-react';
import type { CustomerPayment } from '@bazaar/schemas';
import { paymentPath } from '../payments/payment-path.ts';
import { PaymentStateChip } from '../payments/payment-state-chip.tsx';
import { OwnedRow, OwnedRows } from './owned-row.tsx';

/** The customer's payments: when, how much (opening the payment), by which method, and what became of each (as the customer area says it). */
export function CustomerPaymentList({ payments }: { payments: CustomerPayment[] }) {
  return (
    <OwnedRows>
      {payments.map((payment) => (
        <OwnedRow key={payment.id}>
          <Typography variant="body2" color="text.secondary" sx={{ minWidth: 140 }}>
            {formatDateTimeMinutes(payment.created_at)}
          </Typography>
          <Typography variant="body2" sx={{ flex: 1, minWidth: 100 }}>
            {payment.payment_method.name}
          </Typography>
          <Link
            component={RouterLink}
            to={paymentPath(payment.id)}
            variant="body2"
            sx={{ fontWeight: 600, minWidth: 96, textAlign: 'right' }}
          >
            {formatMoney(payment.amount, payment.currency)}
          </Link>
          <PaymentStateChip payment={payment} />
        </OwnedRow>
      ))}
    </OwnedRows>
  );
}
