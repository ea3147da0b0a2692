import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslate } from '@bazaar/payment-react';
import type { WebhookDelivery } from '@bazaar/schemas';

/** A delivery's latest attempt, the one its status comes from; none before the first. */
export const lastAttemptOf = (delivery: WebhookDelivery) => delivery.attempts.at(-1);

/**
 * What the receiver answered the latest attempt: its HTTP status, or, when no answer came, that
 * none did, with why on hover (refused address, timeout, network).
 */
export function DeliveryResponse({ delivery }: { delivery: WebhookDelivery }) {
  const t = useTranslate();
  const attempt = lastAttemptOf(delivery);
  if (!attempt) return null;
  if (attempt.response_status !== null) {
    return (
      <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>
        {attempt.response_status}
      </Typography>
    );
  }
  return (
    <Tooltip title={attempt.error ?? ''}>
      <Typography variant="body2" component="span" color="error">
        {t('payment.admin.delivery.noResponse')}
      </Typography>
    </Tooltip>
  );
}
