import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { extractErrorText, useTranslate } from '@bazaar/payment-react';
import type { WebhookEndpoint } from '@bazaar/schemas';
import { useDeleteWebhookEndpoint, useUpdateWebhookEndpoint } from '../api/use-webhooks.ts';
import { AdminDialog } from '../components/admin-dialog.tsx';
import { WebhookForm } from './webhook-form.tsx';
import { WebhookRollDialog } from './webhook-roll-dialog.tsx';
import { WebhookTestDialog } from './webhook-test-dialog.tsx';

type OpenDialog = 'edit' | 'roll' | 'delete' | 'test' | null;

/** What an admin does to an endpoint: send a test event, edit it, turn it off or on, roll its secret, delete it. */
export function WebhookActions({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useTranslate();
  const navigate = useNavigate();
  const update = useUpdateWebhookEndpoint(endpoint.id);
  const remove = useDeleteWebhookEndpoint(endpoint.id);
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const close = () => setOpenDialog(null);
  const isEnabled = endpoint.status === 'enabled';

  return (
    <>
      <Button variant="contained" onClick={() => setOpenDialog('test')}>
        {t('payment.admin.webhook.sendTest')}
      </Button>
      <Button variant="outlined" onClick={() => setOpenDialog('edit')}>
        {t('payment.admin.webhook.edit')}
      </Button>
      <Button
        variant="outlined"
        loading={update.isPending}
        onClick={() => update.mutate({ status: isEnabled ? 'disabled' : 'enabled' })}
      >
        {isEnabled ? t('payment.admin.webhook.disable') : t('payment.admin.webhook.enable')}
      </Button>
      <Button variant="outlined" onClick={() => setOpenDialog('roll')}>
        {t('payment.admin.webhook.rollSecret')}
      </Button>
      <Button variant="outlined" color="error" onClick={() => setOpenDialog('delete')}>
        {t('payment.admin.webhook.delete')}
      </Button>
      {update.error && openDialog === null ? (
        <Alert severity="error" sx={{ width: '100%' }}>
          {t('payment.admin.webhook.actionFailed', { reason: extractErrorText(update.error, t) })}
        </Alert>
      ) : null}

      <WebhookTestDialog endpoint={endpoint} isOpen={openDialog === 'test'} onClose={close} />
      <AdminDialog
        title={t('payment.admin.webhook.editTitle')}
        isOpen={openDialog === 'edit'}
        onClose={close}
      >
        <WebhookForm
          endpoint={endpoint}
          submitLabel={t('payment.admin.save')}
          onCancel={close}
          onSubmit={async (body) => {
            await update.mutateAsync(body);
            close();
          }}
        />
      </AdminDialog>
      <WebhookRollDialog endpointId={endpoint.id} isOpen={openDialog === 'roll'} onClose={close} />
      <AdminDialog
        title={t('payment.admin.webhook.deleteTitle')}
        isOpen={openDialog === 'delete'}
        onClose={close}
        maxWidth="xs"
      >
        <Stack spacing={2}>
          {remove.error ? (
            <Alert severity="error">
              {t('payment.admin.webhook.actionFailed', { reason: extractErrorText(remove.error, t) })}
            </Alert>
          ) : null}
          <Typography sx={{ wordBreak: 'break-all' }}>{endpoint.url}</Typography>
          <Typography variant="body2">{t('payment.admin.webhook.deleteConfirm')}</Typography>
          <Stack direction="row" spacing={1}>
            <Button
              variant="contained"
              color="error"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, { onSuccess: () => void navigate('..', { relative: 'path' }) })
              }
            >
              {t('payment.admin.webhook.delete')}
            </Button>
            <Button onClick={close}>{t('common.cancel')}</Button>
          </Stack>
        </Stack>
      </AdminDialog>
    </>
  );
}
