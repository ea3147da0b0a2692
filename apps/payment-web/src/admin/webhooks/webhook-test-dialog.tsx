import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { extractErrorText, useTranslate } from '@bazaar/payment-react';
import {
  ALL_EVENTS,
  EVENT_TYPES,
  type EventType,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@bazaar/schemas';
import { useSendTestWebhook } from '../api/use-webhooks.ts';
import { AdminDialog } from '../components/admin-dialog.tsx';
import { lastAttemptOf } from './delivery-response.tsx';

/** The types a test may be of: those the endpoint receives. */
function testableTypes(endpoint: WebhookEndpoint): EventType[] {
  return endpoint.enabled_events.includes(ALL_EVENTS)
    ? EVENT_TYPES
    : EVENT_TYPES.filter((type) => endpoint.enabled_events.includes(type));
}

/** How the test went: the receiver's status and time, or why nothing arrived. */
function TestOutcome({ delivery }: { delivery: WebhookDelivery }) {
  const t = useTranslate();
  const attempt = lastAttemptOf(delivery);
  if (!attempt) return null;
  if (attempt.status === 'succeeded') {
    return (
      <Alert severity="success">
        {t('payment.admin.webhook.testDelivered', {
          status: attempt.response_status ?? '',
          duration: attempt.duration_ms,
        })}
      </Alert>
    );
  }
  const reason = attempt.response_status === null ? (attempt.error ?? '') : `HTTP ${attempt.response_status}`;
  return <Alert severity="error">{t('payment.admin.webhook.testNotDelivered', { reason })}</Alert>;
}

/** Stripe's "send test webhook": a test event of a chosen type, sent now, and how the endpoint answered. */
export function WebhookTestDialog({
  endpoint,
  isOpen,
  onClose,
}: {
  endpoint: WebhookEndpoint;
  isOpen: boolean;
  onClose: () => void;
}) {
  const t = useTranslate();
  const types = testableTypes(endpoint);
  const [type, setType] = useState<EventType | ''>('');
  const send = useSendTestWebhook(endpoint.id);
  const chosen = type || types[0];

  return (
    <AdminDialog title={t('payment.admin.webhook.testTitle')} isOpen={isOpen} onClose={onClose}>
      <Stack spacing={2.5}>
        <Typography variant="body2">{t('payment.admin.webhook.testExplain')}</Typography>
        <TextField
          select
          label={t('payment.admin.events.type')}
          value={chosen ?? ''}
          onChange={(event) => {
            setType(event.target.value as EventType);
            send.reset();
          }}
        >
          {types.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
        {send.data ? <TestOutcome delivery={send.data} /> : null}
        {send.error ? (
          <Alert severity="error">
            {t('payment.admin.webhook.actionFailed', { reason: extractErrorText(send.error, t) })}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            disabled={!chosen}
            loading={send.isPending}
            onClick={() => chosen && send.mutate(chosen)}
          >
            {t('payment.admin.webhook.testSend')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        </Stack>
      </Stack>
    </AdminDialog>
  );
}
