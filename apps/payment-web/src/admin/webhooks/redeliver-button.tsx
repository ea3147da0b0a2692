import Button from '@mui/material/Button';
import Portal from '@mui/material/Portal';
import Snackbar from '@mui/material/Snackbar';
import { extractErrorText, useTranslate } from '@bazaar/payment-react';
import { useRedeliverWebhook } from '../api/use-webhooks.ts';

const NOTE_MS = 3_000;

/** Sends one delivery again, as soon as the sender next runs, and says it is queued (or why not). */
export function RedeliverButton({ deliveryId }: { deliveryId: string }) {
  const t = useTranslate();
  const redeliver = useRedeliverWebhook();
  return (
    <>
      <Button
        size="small"
        loading={redeliver.isPending}
        onClick={(event) => {
          // A click here acts on the delivery, not on the row around it.
          event.stopPropagation();
          redeliver.mutate(deliveryId);
        }}
      >
        {t('payment.admin.delivery.redeliver')}
      </Button>
      {/* Out of the grid's row: a transformed ancestor would pin the note inside the row. */}
      <Portal>
        <Snackbar
          open={redeliver.isSuccess || redeliver.isError}
          autoHideDuration={NOTE_MS}
          onClose={() => redeliver.reset()}
          message={
            redeliver.isError
              ? t('payment.admin.webhook.actionFailed', { reason: extractErrorText(redeliver.error, t) })
              : t('payment.admin.delivery.redelivered')
          }
        />
      </Portal>
    </>
  );
}
