import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDateTimeMinutes, formatMoney, useTranslate } from '@bazaar/payment-react';
import type { ListedRefund } from '@bazaar/schemas';
import { paymentPath } from '../payments/payment-path.ts';
import { RefundStatusChip } from '../refunds/refund-status-chip.tsx';
import { OwnedRow, OwnedRows } from './owned-row.tsx';

/** The customer's refunds: when, what kind (and the admin's note), how much (opening the payment refunded) and what became of each. */
export function CustomerRefundList({ refunds }: { refunds: ListedRefund[] }) {
  const t = useTranslate();
  return (
    <OwnedRows>
      {refunds.map((refund) => (
        <OwnedRow key={refund.id}>
          <Typography variant="body2" color="text.secondary" sx={{ minWidth: 140 }}>
            {formatDateTimeMinutes(refund.created_at)}
          </Typography>
          <Typography variant="body2" sx={{ flex: 1, minWidth: 100 }}>
            {[t(`payment.refund.type.${refund.type}`), refund.description].filter(Boolean).join(' · ')}
          </Typography>
          <Link
            component={RouterLink}
            to={paymentPath(refund.payment_intent_id)}
            variant="body2"
            sx={{ fontWeight: 600, minWidth: 96, textAlign: 'right' }}
          >
            {formatMoney(refund.amount, refund.currency)}
          </Link>
          <RefundStatusChip status={refund.status} />
        </OwnedRow>
      ))}
    </OwnedRows>
  );
}
