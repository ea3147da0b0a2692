import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminPaymentCurrency, AdminPrice } from '@bazaar/schemas';
import { useUpdatePrice } from '../api/use-prices.ts';
import { applyApiErrors } from '../components/api-form-errors.ts';
import { priceSaleBodyOf, priceSaleValuesOf, type PriceSaleValues } from './price-form-values.ts';
import { PriceSaleFields } from './price-sale-fields.tsx';

const PRICE_SALE_FIELDS = [
  'upsell',
  'quantity_available',
  'quantity_limit_per_checkout',
  'nickname',
] as const;

interface PriceEditFormProps {
  price: AdminPrice;
  /** The product's prices: any but this one may be its upsell. */
  productPrices: AdminPrice[];
  currencies: AdminPaymentCurrency[];
  onSaved: () => void;
  onCancel: () => void;
}

/** What may change of a price: its upsell, stock, per-checkout limit and nickname; never what it charges. */
export function PriceEditForm({ price, productPrices, currencies, onSaved, onCancel }: PriceEditFormProps) {
  const t = useTranslate();
  const updatePrice = useUpdatePrice(price.id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PriceSaleValues>({ defaultValues: priceSaleValuesOf(price) });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const { body, issues } = priceSaleBodyOf(values, t);
    for (const issue of issues) {
      form.setError(issue.path as Path<PriceSaleValues>, { type: 'client', message: issue.message });
    }
    if (!body) return;
    try {
      await updatePrice.mutateAsync(body);
      onSaved();
    } catch (error) {
      setFormError(applyApiErrors(error, { setError: form.setError, fields: PRICE_SALE_FIELDS, t }));
    }
  });

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate spacing={3} onSubmit={submit}>
        {formError ? (
          <Alert severity="error">{t('payment.admin.saveFailed', { reason: formError })}</Alert>
        ) : null}
        <PriceSaleFields
          upsellCandidates={productPrices.filter((each) => each.id !== price.id)}
          currencies={currencies}
        />
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
