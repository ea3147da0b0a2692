import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import { useTranslate } from '@bazaar/payment-react';
import { useCreateWebhookEndpoint } from '../api/use-webhooks.ts';
import { AdminDialog } from '../components/admin-dialog.tsx';
import { WebhookForm } from './webhook-form.tsx';
import { WebhookSecretDialog } from './webhook-secret-dialog.tsx';

/**
 * Adds an endpoint: the form, then its signing secret, shown once; closing that opens the new
 * endpoint's page. The secret lives in this component's state only, never in the query cache.
 */
export function WebhookCreateButton() {
  const t = useTranslate();
  const navigate = useNavigate();
  const create = useCreateWebhookEndpoint();
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);

  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsFormOpen(true)}>
        {t('payment.admin.webhooks.add')}
      </Button>
      <AdminDialog
        title={t('payment.admin.webhook.createTitle')}
        isOpen={isFormOpen}
        onClose={() => setIsFormOpen(false)}
      >
        <WebhookForm
          submitLabel={t('payment.admin.webhook.create')}
          onCancel={() => setIsFormOpen(false)}
          onSubmit={async (body) => {
            const endpoint = await create.mutateAsync(body);
            setIsFormOpen(false);
            setCreated({ id: endpoint.id, secret: endpoint.secret });
          }}
        />
      </AdminDialog>
      <WebhookSecretDialog
        secret={created?.secret ?? null}
        onClose={() => {
          const id = created?.id;
          setCreated(null);
          // The mutation keeps its answer, secret and all, until reset.
          create.reset();
          if (id) void navigate(id);
        }}
      />
    </>
  );
}
