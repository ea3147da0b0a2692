import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminPaymentCurrency } from '@bazaar/schemas';
import { FormTextField } from '../components/form-text-field.tsx';
import { AmountField } from './amount-field.tsx';
import { ChoiceField } from '../components/choice-field.tsx';
import { CurrencyOptionFields } from './currency-option-fields.tsx';
import { PRICE_MODELS, type PriceFormValues } from './price-form-values.ts';
import { PriceTierFields } from './price-tier-fields.tsx';

/** How the price sets its amount, and the fields of that model only. */
export function PriceAmountFields({ currencies }: { currencies: AdminPaymentCurrency[] }) {
  const t = useTranslate();
  const [model, currencyId] = useWatch<PriceFormValues, ['model', 'currency_id']>({
    name: ['model', 'currency_id'],
  });
  const currency = currencies.find((each) => each.id === currencyId);
  return (
    <Stack spacing={2}>
      <ChoiceField
        name="model"
        label={t('payment.admin.price.model')}
        options={PRICE_MODELS.map((value) => ({ value, label: t(`payment.admin.price.model.${value}`) }))}
      />
      {model === 'fixed' ? (
        <>
          <AmountField
            name="unit_amount"
            label={t('payment.admin.price.unitAmount')}
            currency={currency}
            required
          />
          <CurrencyOptionFields currencies={currencies} />
        </>
      ) : null}
      {model === 'custom' ? (
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <AmountField
              name="custom_unit_amount.minimum"
              label={t('payment.admin.price.customMinimum')}
              currency={currency}
              fullWidth
            />
            <AmountField
              name="custom_unit_amount.maximum"
              label={t('payment.admin.price.customMaximum')}
              currency={currency}
              fullWidth
            />
          </Stack>
          <FormTextField
            name="custom_unit_amount.presets"
            label={t('payment.admin.price.customPresets')}
            helperText={t('payment.admin.price.customPresetsHelp')}
          />
          <AmountField
            name="custom_unit_amount.preset"
            label={t('payment.admin.price.customPreset')}
            currency={currency}
          />
        </Stack>
      ) : null}
      {model === 'tiered' ? <PriceTierFields currency={currency} /> : null}
    </Stack>
  );
}
