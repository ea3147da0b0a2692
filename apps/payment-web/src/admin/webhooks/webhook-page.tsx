import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError, extractErrorText, formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import { ALL_EVENTS, type WebhookEndpoint } from '@bazaar/schemas';
import { useWebhookEndpoint } from '../api/use-webhooks.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { DetailList } from '../components/detail-list.tsx';
import { EndpointStatusChip } from './endpoint-status-chip.tsx';
import { RedeliverFailedButton } from './redeliver-failed-button.tsx';
import { RedeliveryProgress } from './redelivery-progress.tsx';
import { WebhookActions } from './webhook-actions.tsx';
import { WebhookDeliveryGrid } from './webhook-delivery-grid.tsx';

/** A platform component's own endpoint (`component:{name}`): it saves it itself, and the API refuses changes. */
const isManaged = (endpoint: WebhookEndpoint) => endpoint.url.startsWith('component:');

function EndpointLoadError({ error }: { error: unknown }) {
  const t = useTranslate();
  if (error instanceof ApiError && error.status === 404) {
    return <Alert severity="warning">{t('payment.admin.webhook.notFound')}</Alert>;
  }
  return (
    <Alert severity="error">{t('payment.admin.loadFailed', { reason: extractErrorText(error, t) })}</Alert>
  );
}

function EndpointDetails({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useTranslate();
  const events = endpoint.enabled_events.includes(ALL_EVENTS)
    ? t('payment.admin.webhook.allEventsHelp')
    : endpoint.enabled_events.join('\n');
  return (
    <DetailList
      rows={[
        [t('payment.admin.field.id'), endpoint.id],
        [t('payment.admin.status.label'), <EndpointStatusChip key="status" endpoint={endpoint} />],
        [t('payment.admin.webhook.description'), endpoint.description],
        [t('payment.admin.webhook.events'), events],
        [t('payment.admin.field.created'), formatDateTimeMinutes(endpoint.created_at)],
      ]}
    />
  );
}

/**
 * `/admin/webhooks/:id`: an endpoint, what can be done to it, the progress of its latest
 * redelivery, and its deliveries with their attempts.
 */
export function WebhookPage() {
  const t = useTranslate();
  const { id = '' } = useParams();
  const loaded = useWebhookEndpoint(id);
  const endpoint = loaded.data;

  return (
    <>
      <Button component={RouterLink} to=".." relative="path" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('payment.admin.webhooks.title')}
      </Button>
      {loaded.error ? <EndpointLoadError error={loaded.error} /> : null}
      {!endpoint && !loaded.error ? (
        <LinearProgress aria-label={t('common.loading')} sx={{ height: 2 }} />
      ) : null}
      {endpoint ? (
        <>
          <AdminPageHeading
            title={endpoint.url}
            actions={isManaged(endpoint) ? null : <WebhookActions endpoint={endpoint} />}
          />
          <Stack spacing={4}>
            {isManaged(endpoint) ? <Alert severity="info">{t('payment.admin.webhook.managed')}</Alert> : null}
            {endpoint.failing_since !== null ? (
              <Alert severity="error">{t('payment.admin.webhook.failingHelp')}</Alert>
            ) : null}
            <EndpointDetails endpoint={endpoint} />
            <Stack spacing={2}>
              <Stack
                direction="row"
                useFlexGap
                spacing={1}
                sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
              >
                <Typography component="h2" variant="h6">
                  {t('payment.admin.delivery.title')}
                </Typography>
                <RedeliverFailedButton endpointId={endpoint.id} />
              </Stack>
              <RedeliveryProgress endpoint={endpoint} />
              <WebhookDeliveryGrid endpointId={endpoint.id} />
            </Stack>
          </Stack>
        </>
      ) : null}
    </>
  );
}
