import Chip from '@mui/material/Chip';
import { useTranslate } from '@bazaar/payment-react';
import type { WebhookDelivery } from '@bazaar/schemas';

const COLORS = { succeeded: 'success', failed: 'error', pending: 'warning' } as const;

/** Whether a delivery arrived, gave up, or is still being tried. */
export function DeliveryStatusChip({ status }: { status: WebhookDelivery['status'] }) {
  const t = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status]}
      label={t(`payment.admin.delivery.status.${status}`)}
    />
  );
}
