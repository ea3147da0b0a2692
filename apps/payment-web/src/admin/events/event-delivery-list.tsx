import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { extractErrorText, formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import type { WebhookDelivery } from '@bazaar/schemas';
import { useEventDeliveries } from '../api/use-events.ts';
import { useWebhookEndpoint } from '../api/use-webhooks.ts';
import { DeliveryResponse, lastAttemptOf } from '../webhooks/delivery-response.tsx';
import { DeliveryStatusChip } from '../webhooks/delivery-status-chip.tsx';
import { RedeliverButton } from '../webhooks/redeliver-button.tsx';

/** The endpoint a delivery went to, by its URL once read, opening its page. */
function EndpointLink({ id }: { id: string }) {
  const endpoint = useWebhookEndpoint(id);
  return (
    <Link
      component={RouterLink}
      to={`/admin/webhooks/${encodeURIComponent(id)}`}
      sx={{ wordBreak: 'break-all' }}
    >
      {endpoint.data?.url ?? id}
    </Link>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const attempt = lastAttemptOf(delivery);
  return (
    <TableRow>
      <TableCell>
        <EndpointLink id={delivery.endpoint_id} />
      </TableCell>
      <TableCell>
        <DeliveryStatusChip status={delivery.status} />
      </TableCell>
      <TableCell>
        <DeliveryResponse delivery={delivery} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {attempt ? formatDateTimeMinutes(attempt.created_at) : null}
      </TableCell>
      <TableCell align="right">
        <RedeliverButton deliveryId={delivery.id} />
      </TableCell>
    </TableRow>
  );
}

/** Where an event went: each subscribed endpoint, how its latest attempt went, and a redelivery. */
export function EventDeliveryList({ eventId }: { eventId: string }) {
  const t = useTranslate();
  const deliveries = useEventDeliveries(eventId);
  return (
    <Stack spacing={1.5}>
      <Typography component="h2" variant="h6">
        {t('payment.admin.event.deliveries')}
      </Typography>
      {deliveries.error ? (
        <Alert severity="error">
          {t('payment.admin.loadFailed', { reason: extractErrorText(deliveries.error, t) })}
        </Alert>
      ) : null}
      {deliveries.data?.count === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('payment.admin.event.noDeliveries')}
        </Typography>
      ) : null}
      {deliveries.data && deliveries.data.count > 0 ? (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('payment.admin.event.deliveries')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('payment.admin.delivery.endpoint')}</TableCell>
                <TableCell>{t('payment.admin.status.label')}</TableCell>
                <TableCell>{t('payment.admin.delivery.response')}</TableCell>
                <TableCell>{t('payment.admin.delivery.lastAttempt')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {deliveries.data.list.map((delivery) => (
                <DeliveryRow key={delivery.id} delivery={delivery} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Stack>
  );
}
