import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError, extractErrorText, formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import { useEvent } from '../api/use-events.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { DetailList } from '../components/detail-list.tsx';
import { EventDeliveryList } from './event-delivery-list.tsx';
import { EventObjectLink } from './event-object-link.tsx';
import { EventPayload } from './event-payload.tsx';

function EventLoadError({ error }: { error: unknown }) {
  const t = useTranslate();
  // Older than 30 days, of the other mode, or never: the log has no such event.
  if (error instanceof ApiError && error.status === 404) {
    return <Alert severity="warning">{t('payment.admin.event.notFound')}</Alert>;
  }
  return (
    <Alert severity="error">{t('payment.admin.loadFailed', { reason: extractErrorText(error, t) })}</Alert>
  );
}

/** `/admin/events/:id`: an event, its payload as webhooks carried it, and where it was delivered. */
export function EventPage() {
  const t = useTranslate();
  const { id = '' } = useParams();
  const loaded = useEvent(id);
  const event = loaded.data;

  return (
    <>
      <Button component={RouterLink} to=".." relative="path" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('payment.admin.events.title')}
      </Button>
      {loaded.error ? <EventLoadError error={loaded.error} /> : null}
      {!event && !loaded.error ? (
        <LinearProgress aria-label={t('common.loading')} sx={{ height: 2 }} />
      ) : null}
      {event ? (
        <>
          <AdminPageHeading title={event.type} />
          <Stack spacing={4}>
            <DetailList
              rows={[
                [t('payment.admin.field.id'), event.id],
                [t('payment.admin.event.object'), <EventObjectLink key="object" id={event.object_id} />],
                [t('payment.admin.field.created'), formatDateTimeMinutes(event.created)],
              ]}
            />
            <Stack spacing={1.5}>
              <Typography component="h2" variant="h6">
                {t('payment.admin.event.payload')}
              </Typography>
              <EventPayload event={event} />
            </Stack>
            <EventDeliveryList eventId={event.id} />
          </Stack>
        </>
      ) : null}
    </>
  );
}
