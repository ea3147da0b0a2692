import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminPaymentCurrency, AdminPaymentLink } from '@bazaar/schemas';
import { useCreatePaymentLink } from '../api/use-payment-links.ts';
import { useChosenPrices } from '../api/use-prices.ts';
import { applyApiErrors } from '../components/api-form-errors.ts';
import { FormTextField } from '../components/form-text-field.tsx';
import { LinkItemFields } from './link-item-fields.tsx';
import { LinkOptionFields } from './link-option-fields.tsx';
import {
  defaultPaymentLinkValues,
  PAYMENT_LINK_FORM_FIELDS,
  paymentLinkBodyOf,
  type PaymentLinkFormValues,
} from './payment-link-form-values.ts';

interface PaymentLinkFormProps {
  currencies: AdminPaymentCurrency[];
  onCreated: (link: AdminPaymentLink) => void;
}

/** A new payment link with the API's options; the server's problems show at their fields. */
export function PaymentLinkForm({ currencies, onCreated }: PaymentLinkFormProps) {
  const t = useTranslate();
  const createLink = useCreatePaymentLink();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PaymentLinkFormValues>({
    defaultValues: defaultPaymentLinkValues(currencies[0]?.id ?? ''),
  });
  const [currencyId, items] = useWatch({ control: form.control, name: ['currency_id', 'line_items'] });
  const chosenPrices = useChosenPrices(items.map((item) => item.price_id));
  const hasRecurringItem = chosenPrices.some((price) => price.type === 'recurring');

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onCreated(await createLink.mutateAsync(paymentLinkBodyOf(values, { hasRecurringItem })));
    } catch (error) {
      setFormError(applyApiErrors(error, { setError: form.setError, fields: PAYMENT_LINK_FORM_FIELDS, t }));
    }
  });

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate spacing={3} onSubmit={submit} sx={{ maxWidth: 720 }}>
        {formError ? (
          <Alert severity="error">{t('payment.admin.saveFailed', { reason: formError })}</Alert>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField name="name" label={t('payment.admin.link.name')} required fullWidth />
          <FormTextField
            name="currency_id"
            label={t('payment.admin.price.currency')}
            select
            sx={{ minWidth: 200 }}
          >
            {currencies.map((currency) => (
              <MenuItem key={currency.id} value={currency.id}>
                {currency.symbol} · {currency.name}
              </MenuItem>
            ))}
          </FormTextField>
        </Stack>
        <LinkItemFields currencyId={currencyId} currencies={currencies} />
        <Divider />
        <LinkOptionFields hasRecurringItem={hasRecurringItem} />
        <Button
          type="submit"
          variant="contained"
          loading={form.formState.isSubmitting}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('payment.admin.link.create')}
        </Button>
      </Stack>
    </FormProvider>
  );
}
