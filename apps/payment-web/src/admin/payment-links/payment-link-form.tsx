import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminPaymentCurrency, AdminPaymentLink } from '@bazaar/schemas';
import { useChosenPrices } from '../api/use-prices.ts';
import { applyApiErrors } from '../components/api-form-errors.ts';
import { FormTextField } from '../components/form-text-field.tsx';
import { LinkItemFields } from './link-item-fields.tsx';
import { LinkOptionFields } from './link-option-fields.tsx';
import {
  defaultPaymentLinkValues,
  PAYMENT_LINK_FORM_FIELDS,
  paymentLinkBodyOf,
  paymentLinkValuesOf,
  type PaymentLinkFormBody,
  type PaymentLinkFormValues,
} from './payment-link-form-values.ts';

interface PaymentLinkFormProps {
  currencies: AdminPaymentCurrency[];
  /** The link being changed; none to make a new one. */
  link?: AdminPaymentLink;
  /** Saves the body; what it throws shows at the fields the server names. */
  onSubmit: (body: PaymentLinkFormBody) => Promise<unknown>;
}

/** A payment link with the API's options, new or to be changed; the server's problems show at their fields. */
export function PaymentLinkForm({ currencies, link, onSubmit }: PaymentLinkFormProps) {
  const t = useTranslate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PaymentLinkFormValues>({
    defaultValues: link ? paymentLinkValuesOf(link) : defaultPaymentLinkValues(currencies[0]?.id ?? ''),
  });
  const [currencyId, items] = useWatch({ control: form.control, name: ['currency_id', 'line_items'] });
  const chosenIds = items.map((item) => item.price_id).filter((id) => id !== '');
  const chosenPrices = useChosenPrices(chosenIds);
  const hasRecurringItem = chosenPrices.some((price) => price.type === 'recurring');
  // A link's prices load after its form opens; saved before, its trial would be dropped as if none were recurring.
  const isPricing = chosenPrices.length < chosenIds.length;

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(
        paymentLinkBodyOf(values, { hasRecurringItem, subscriptionTerms: link?.subscription_data }),
      );
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
          loading={form.formState.isSubmitting || isPricing}
          sx={{ alignSelf: 'flex-start' }}
        >
          {link ? t('payment.admin.link.saveChanges') : t('payment.admin.link.create')}
        </Button>
      </Stack>
    </FormProvider>
  );
}
