import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { extractErrorText, useTranslate } from '@bazaar/payment-react';
import { useCreateWebhookRedelivery } from '../api/use-webhooks.ts';

/**
 * "Redeliver selected": the deliveries picked in the grid, whatever became of them, sent again
 * by the server as one redelivery whose progress the page then shows.
 */
export function RedeliverSelectedButton({
  endpointId,
  deliveryIds,
  onStarted,
}: {
  endpointId: string;
  deliveryIds: readonly string[];
  onStarted: () => void;
}) {
  const t = useTranslate();
  const start = useCreateWebhookRedelivery(endpointId);
  if (deliveryIds.length === 0 && !start.error) return null;
  return (
    <>
      {deliveryIds.length > 0 ? (
        <Button
          variant="outlined"
          loading={start.isPending}
          onClick={() => start.mutate({ delivery_ids: [...deliveryIds] }, { onSuccess: onStarted })}
        >
          {t('payment.admin.redelivery.selected', { count: deliveryIds.length })}
        </Button>
      ) : null}
      {start.error ? (
        <Alert severity="error" onClose={() => start.reset()}>
          {t('payment.admin.webhook.actionFailed', { reason: extractErrorText(start.error, t) })}
        </Alert>
      ) : null}
    </>
  );
}
