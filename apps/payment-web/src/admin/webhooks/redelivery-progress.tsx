import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { usePaymentContext, useTranslate } from '@bazaar/payment-react';
import type { WebhookEndpoint, WebhookRedelivery } from '@bazaar/schemas';
import { webhookKeys } from '../api/events-keys.ts';
import { isRunning, useLatestRedelivery } from '../api/use-webhooks.ts';

/** How far a redelivery is, in words and as a bar. */
function RedeliveryCounts({ redelivery }: { redelivery: WebhookRedelivery }) {
  const t = useTranslate();
  const done = redelivery.succeeded + redelivery.failed;
  const percent = redelivery.total === 0 ? 100 : (done / redelivery.total) * 100;
  const label = isRunning(redelivery)
    ? t('payment.admin.redelivery.running')
    : t('payment.admin.redelivery.finished');
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">{label}</Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={label} />
      <Typography variant="body2" color="text.secondary">
        {t('payment.admin.redelivery.progress', { ...redelivery, done })}
      </Typography>
    </Stack>
  );
}

/**
 * The endpoint's latest redelivery while it runs, and its outcome after: read from the server
 * every second until none of its deliveries is pending, so it moves without a reload and a
 * reload finds it where it is. As its deliveries settle, the endpoint's lists read them again.
 */
export function RedeliveryProgress({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useTranslate();
  const { livemode } = usePaymentContext();
  const queryClient = useQueryClient();
  const latest = useLatestRedelivery(endpoint.id);
  const redelivery = latest.data;
  const settled = redelivery ? redelivery.succeeded + redelivery.failed : 0;
  useEffect(() => {
    if (settled > 0)
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(livemode, endpoint.id) });
  }, [settled, queryClient, livemode, endpoint.id]);

  if (!redelivery) return null;
  return (
    <Stack spacing={1.5}>
      <RedeliveryCounts redelivery={redelivery} />
      {isRunning(redelivery) && endpoint.status === 'disabled' ? (
        <Alert severity="info">{t('payment.admin.redelivery.waitsForEnable')}</Alert>
      ) : null}
    </Stack>
  );
}
