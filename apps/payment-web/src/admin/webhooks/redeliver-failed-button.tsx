import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { extractErrorText, useTranslate } from '@bazaar/payment-react';
import { useCreateWebhookRedelivery, useFailedDeliveryCount } from '../api/use-webhooks.ts';
import { AdminDialog } from '../components/admin-dialog.tsx';

/** Which failed deliveries to send again, by how recent their events are. */
const SINCE = [
  { value: 'all', seconds: null, label: 'payment.admin.redelivery.since.all' },
  { value: 'hour', seconds: 3_600, label: 'payment.admin.redelivery.since.hour' },
  { value: 'day', seconds: 86_400, label: 'payment.admin.redelivery.since.day' },
  { value: 'week', seconds: 7 * 86_400, label: 'payment.admin.redelivery.since.week' },
] as const;

/**
 * "Redeliver failed": every delivery of the endpoint that gave up, or those of recent events,
 * sent again by the server as one redelivery whose progress the page then shows.
 */
export function RedeliverFailedButton({ endpointId }: { endpointId: string }) {
  const t = useTranslate();
  const failed = useFailedDeliveryCount(endpointId);
  const start = useCreateWebhookRedelivery(endpointId);
  const [isOpen, setIsOpen] = useState(false);
  const [since, setSince] = useState<(typeof SINCE)[number]['value']>('all');
  const count = failed.data ?? 0;
  const close = () => {
    setIsOpen(false);
    start.reset();
  };

  return (
    <>
      <Button variant="outlined" color="warning" disabled={count === 0} onClick={() => setIsOpen(true)}>
        {t('payment.admin.redelivery.button', { count })}
      </Button>
      <AdminDialog title={t('payment.admin.redelivery.title')} isOpen={isOpen} onClose={close} maxWidth="xs">
        <Stack spacing={2.5}>
          {start.error ? (
            <Alert severity="error">
              {t('payment.admin.webhook.actionFailed', { reason: extractErrorText(start.error, t) })}
            </Alert>
          ) : null}
          <Typography variant="body2">{t('payment.admin.redelivery.explain')}</Typography>
          <TextField
            select
            label={t('payment.admin.redelivery.since')}
            value={since}
            onChange={(event) => setSince(event.target.value as typeof since)}
          >
            {SINCE.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {t(option.label)}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              loading={start.isPending}
              onClick={() => {
                const seconds = SINCE.find((option) => option.value === since)?.seconds ?? null;
                const now = Math.floor(Date.now() / 1000);
                start.mutate(seconds === null ? {} : { since: now - seconds }, { onSuccess: close });
              }}
            >
              {t('payment.admin.redelivery.start')}
            </Button>
            <Button onClick={close}>{t('common.cancel')}</Button>
          </Stack>
        </Stack>
      </AdminDialog>
    </>
  );
}
