import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminPaymentCurrency, AdminPrice } from '@bazaar/schemas';
import { useCreatePrice } from '../api/use-prices.ts';
import { applyApiErrors } from '../components/api-form-errors.ts';
import { FormTextField } from '../components/form-text-field.tsx';
import { PriceAmountFields } from './price-amount-fields.tsx';
import { PriceBillingFields } from './price-billing-fields.tsx';
import {
  defaultPriceValues,
  PRICE_FORM_FIELDS,
  priceBodyOf,
  type PriceFormValues,
} from './price-form-values.ts';
import { PriceSaleFields } from './price-sale-fields.tsx';

interface PriceFormProps {
  productId: string;
  currencies: AdminPaymentCurrency[];
  upsellCandidates: AdminPrice[];
  onCreated: (price: AdminPrice) => void;
}

/**
 * A new price of a product, in any model the API takes: one-time or recurring (licensed or
 * metered), a fixed amount (with other currencies), a payer-chosen amount, or tiers. Only the
 * chosen model's fields show; problems, the form's or the server's, show at their fields.
 */
export function PriceForm({ productId, currencies, upsellCandidates, onCreated }: PriceFormProps) {
  const t = useTranslate();
  const createPrice = useCreatePrice();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PriceFormValues>({ defaultValues: defaultPriceValues(currencies[0]?.id ?? '') });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const { body, issues } = priceBodyOf(values, { productId, currencies, t });
    for (const issue of issues) {
      form.setError(issue.path as Path<PriceFormValues>, { type: 'client', message: issue.message });
    }
    if (!body) return;
    try {
      onCreated(await createPrice.mutateAsync(body));
    } catch (error) {
      setFormError(applyApiErrors(error, { setError: form.setError, fields: PRICE_FORM_FIELDS, t }));
    }
  });

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate spacing={3} onSubmit={submit}>
        {formError ? (
          <Alert severity="error">{t('payment.admin.saveFailed', { reason: formError })}</Alert>
        ) : null}
        <FormTextField
          name="currency_id"
          label={t('payment.admin.price.currency')}
          select
          sx={{ maxWidth: 240 }}
        >
          {currencies.map((currency) => (
            <MenuItem key={currency.id} value={currency.id}>
              {currency.symbol} · {currency.name}
            </MenuItem>
          ))}
        </FormTextField>
        <PriceBillingFields />
        <Divider />
        <PriceAmountFields currencies={currencies} />
        <Divider />
        <PriceSaleFields upsellCandidates={upsellCandidates} currencies={currencies} />
        <Button
          type="submit"
          variant="contained"
          loading={form.formState.isSubmitting}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('payment.admin.price.add')}
        </Button>
      </Stack>
    </FormProvider>
  );
}
