import Chip from '@mui/material/Chip';
import { useTranslate } from '@bazaar/payment-react';
import { REFUND_STATUS_COLOR } from '@bazaar/payment-react/customer';
import type { Refund } from '@bazaar/schemas';

/** Whether a refund was given back, is on its way, or failed. */
export function RefundStatusChip({ status }: { status: Refund['status'] }) {
  const t = useTranslate();
  return (
    <Chip size="small" color={REFUND_STATUS_COLOR[status]} label={t(`payment.refund.status.${status}`)} />
  );
}
