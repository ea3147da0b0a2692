import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDateTimeMinutes, formatMoney, useTranslate } from '@bazaar/payment-react';
import { REFUND_STATUS_COLOR } from '@bazaar/payment-react/customer';
import type { ListedRefund } from '@bazaar/schemas';
import { OwnedRow, OwnedRows } from './owned-row.tsx';

/** The customer's refunds: when, what kind (and the admin's note), how much and what became of each. */
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
          <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 96, textAlign: 'right' }}>
            {formatMoney(refund.amount, refund.currency)}
          </Typography>
          <Chip
            size="small"
            color={REFUND_STATUS_COLOR[refund.status]}
            label={t(`payment.refund.status.${refund.status}`)}
          />
        </OwnedRow>
      ))}
    </OwnedRows>
  );
}
