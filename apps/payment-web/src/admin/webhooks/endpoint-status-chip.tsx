import Chip from '@mui/material/Chip';
import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import type { WebhookEndpoint } from '@bazaar/schemas';

/** Whether an endpoint receives events, and whether deliveries to it are giving up. */
export function EndpointStatusChip({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useTranslate();
  if (endpoint.status === 'disabled') {
    return <Chip size="small" variant="outlined" label={t('payment.admin.webhook.status.disabled')} />;
  }
  if (endpoint.failing_since !== null) {
    return (
      <Chip
        size="small"
        variant="outlined"
        color="error"
        label={t('payment.admin.webhook.failing', { date: formatDateTimeMinutes(endpoint.failing_since) })}
      />
    );
  }
  return (
    <Chip size="small" variant="outlined" color="success" label={t('payment.admin.webhook.status.enabled')} />
  );
}
