import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminPaymentMethod } from '@bazaar/schemas';
import { applyApiErrors } from '../components/api-form-errors.ts';
import { ChoiceField } from '../components/choice-field.tsx';
import { FormTextField } from '../components/form-text-field.tsx';
import {
  CREATABLE_METHOD_TYPES,
  isEvmType,
  METHOD_FIELDS,
  methodFormValues,
  type PaymentMethodFormValues,
} from './payment-method-form-values.ts';
import { SecretField } from './secret-field.tsx';

function StripeFields({ method }: { method?: AdminPaymentMethod }) {
  const t = useTranslate();
  const isNew = !method;
  return (
    <>
      <FormTextField
        name="settings.publishable_key"
        label={t('payment.admin.method.publishableKey')}
        required={isNew}
        placeholder="pk_test_…"
      />
      <SecretField
        name="settings.secret_key"
        label={t('payment.admin.method.secretKey')}
        isSet={method?.has_secret_key ?? false}
        required={isNew}
      />
      <SecretField
        name="settings.webhook_secret"
        label={t('payment.admin.method.webhookSecret')}
        isSet={method?.has_webhook_secret ?? false}
      />
    </>
  );
}

function ChainFields({ method }: { method?: AdminPaymentMethod }) {
  const t = useTranslate();
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          fullWidth
          name="settings.chain_id"
          label={t('payment.admin.method.chainId')}
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormTextField
          fullWidth
          name="settings.confirmations"
          label={t('payment.admin.method.confirmations')}
          helperText={t('payment.admin.method.confirmationsHelp')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
      <FormTextField
        name="settings.api_host"
        label={t('payment.admin.method.rpcUrl')}
        required
        placeholder="https://"
      />
      <FormTextField
        name="settings.explorer_host"
        label={t('payment.admin.method.explorerHost')}
        helperText={t('payment.admin.method.explorerHelp')}
        placeholder="https://"
      />
      <SecretField
        name="settings.secret_key"
        label={t('payment.admin.method.vaultKey')}
        isSet={method?.has_secret_key ?? false}
      />
    </>
  );
}

export interface PaymentMethodFormProps {
  /** The method being edited (its type stays); none to create one of the type chosen here. */
  method?: AdminPaymentMethod;
  onSubmit: (values: PaymentMethodFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** A method's name and its type's settings, secrets write-only; the server's problems show at their fields. */
export function PaymentMethodForm({ method, onSubmit, onCancel }: PaymentMethodFormProps) {
  const t = useTranslate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PaymentMethodFormValues>({ defaultValues: methodFormValues(method) });
  const chosenType = useWatch({ control: form.control, name: 'type' });
  const type = method?.type ?? chosenType;
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFormError(applyApiErrors(error, { setError: form.setError, fields: METHOD_FIELDS, t }));
    }
  });

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
        {formError ? (
          <Alert severity="error">{t('payment.admin.saveFailed', { reason: formError })}</Alert>
        ) : null}
        {method ? null : (
          <ChoiceField
            name="type"
            label={t('payment.admin.method.type')}
            options={CREATABLE_METHOD_TYPES.map((value) => ({
              value,
              label: t(`payment.admin.method.type.${value}`),
            }))}
          />
        )}
        <FormTextField name="name" label={t('payment.admin.method.name')} required />
        <FormTextField name="logo" label={t('payment.admin.method.logo')} />
        {type === 'stripe' ? <StripeFields method={method} /> : null}
        {isEvmType(type) ? <ChainFields method={method} /> : null}
        {type !== 'stripe' && !isEvmType(type) ? (
          <Typography variant="body2" color="text.secondary">
            {t('payment.admin.method.noSettings')}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('payment.admin.save')}
          </Button>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
        </Stack>
      </Stack>
    </FormProvider>
  );
}
