import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import type { WebhookAttempt, WebhookDelivery } from '@bazaar/schemas';
import { AdminDialog } from '../components/admin-dialog.tsx';
import { DetailList } from '../components/detail-list.tsx';
import { DeliveryStatusChip } from './delivery-status-chip.tsx';
import { RedeliverButton } from './redeliver-button.tsx';

/** One attempt: when, what the receiver answered (or why nothing came), and how long it took. */
function AttemptRow({ attempt }: { attempt: WebhookAttempt }) {
  const t = useTranslate();
  return (
    <TableRow>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTimeMinutes(attempt.created_at)}</TableCell>
      <TableCell>
        <DeliveryStatusChip status={attempt.status} />
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-word' }}>
        {attempt.response_status ?? attempt.error ?? t('payment.admin.delivery.noResponse')}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {t('payment.admin.delivery.durationMs', { duration: attempt.duration_ms })}
      </TableCell>
    </TableRow>
  );
}

/**
 * A delivery's every attempt, oldest first, with its event (a test's has no page in the log) and
 * a redelivery.
 */
export function DeliveryAttemptsDialog({
  delivery,
  onClose,
}: {
  delivery: WebhookDelivery | null;
  onClose: () => void;
}) {
  const t = useTranslate();
  return (
    <AdminDialog title={delivery?.event_type ?? ''} isOpen={delivery !== null} onClose={onClose}>
      {delivery ? (
        <Stack spacing={2.5}>
          <DetailList
            rows={[
              [
                t('payment.admin.delivery.event'),
                delivery.test ? (
                  `${delivery.event_id} (${t('payment.admin.delivery.test')})`
                ) : (
                  <Link component={RouterLink} to={`/admin/events/${encodeURIComponent(delivery.event_id)}`}>
                    {delivery.event_id}
                  </Link>
                ),
              ],
              [t('payment.admin.status.label'), <DeliveryStatusChip key="status" status={delivery.status} />],
              [t('payment.admin.delivery.attempts'), String(delivery.attempt_count)],
            ]}
          />
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('payment.admin.delivery.attempts')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('payment.admin.field.created')}</TableCell>
                  <TableCell>{t('payment.admin.status.label')}</TableCell>
                  <TableCell>{t('payment.admin.delivery.response')}</TableCell>
                  <TableCell>{t('payment.admin.delivery.duration')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {delivery.attempts.map((attempt) => (
                  <AttemptRow key={attempt.id} attempt={attempt} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Stack direction="row">
            <RedeliverButton deliveryId={delivery.id} />
          </Stack>
        </Stack>
      ) : null}
    </AdminDialog>
  );
}
