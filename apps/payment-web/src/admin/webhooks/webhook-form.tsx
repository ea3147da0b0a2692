import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslate } from '@bazaar/payment-react';
import type { WebhookEndpoint } from '@bazaar/schemas';
import { applyApiErrors } from '../components/api-form-errors.ts';
import { FormTextField } from '../components/form-text-field.tsx';
import { WebhookEventsField } from './webhook-events-field.tsx';
import {
  WEBHOOK_FORM_FIELDS,
  webhookBodyOf,
  webhookFormValuesOf,
  type WebhookFormValues,
} from './webhook-form-values.ts';

export interface WebhookFormProps {
  /** The endpoint being edited; none to add one. */
  endpoint?: WebhookEndpoint;
  submitLabel: string;
  onSubmit: (body: ReturnType<typeof webhookBodyOf>) => Promise<unknown>;
  onCancel: () => void;
}

/** An endpoint's address, description and events, added or edited; the server's problems show at each field. */
export function WebhookForm({ endpoint, submitLabel, onSubmit, onCancel }: WebhookFormProps) {
  const t = useTranslate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<WebhookFormValues>({ defaultValues: webhookFormValuesOf(endpoint) });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(webhookBodyOf(values));
    } catch (error) {
      setFormError(applyApiErrors(error, { setError: form.setError, fields: WEBHOOK_FORM_FIELDS, t }));
    }
  });

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
        {formError ? (
          <Alert severity="error">{t('payment.admin.saveFailed', { reason: formError })}</Alert>
        ) : null}
        <FormTextField
          name="url"
          type="url"
          required
          label={t('payment.admin.webhook.url')}
          placeholder="https://example.com/webhooks"
          helperText={t('payment.admin.webhook.urlHelp')}
        />
        <FormTextField
          name="description"
          multiline
          minRows={2}
          label={t('payment.admin.webhook.description')}
        />
        <WebhookEventsField />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
        </Stack>
      </Stack>
    </FormProvider>
  );
}
