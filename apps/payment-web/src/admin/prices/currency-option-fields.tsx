import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminPaymentCurrency } from '@bazaar/schemas';
import { FormTextField } from '../components/form-text-field.tsx';
import { AmountField } from './amount-field.tsx';
import type { PriceFormValues } from './price-form-values.ts';

/** The same price's amount in other currencies, so payers may pay in theirs. */
export function CurrencyOptionFields({ currencies }: { currencies: AdminPaymentCurrency[] }) {
  const t = useTranslate();
  const { control } = useFormContext<PriceFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'currency_options' });
  const [mainCurrencyId, options] = useWatch<PriceFormValues, ['currency_id', 'currency_options']>({
    name: ['currency_id', 'currency_options'],
  });
  const taken = new Set([mainCurrencyId, ...options.map((option) => option.currency_id)]);
  const nextCurrency = currencies.find((currency) => !taken.has(currency.id));

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('payment.admin.price.currencyOptions')}
      </Typography>
      {fields.map((field, index) => {
        const currency = currencies.find((each) => each.id === options[index]?.currency_id);
        return (
          <Stack key={field.id} direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <FormTextField
              name={`currency_options.${index}.currency_id`}
              label={t('payment.admin.price.currency')}
              select
              size="small"
              sx={{ minWidth: 120 }}
            >
              {currencies
                .filter((each) => each.id === currency?.id || !taken.has(each.id))
                .map((each) => (
                  <MenuItem key={each.id} value={each.id}>
                    {each.symbol}
                  </MenuItem>
                ))}
            </FormTextField>
            <AmountField
              name={`currency_options.${index}.unit_amount`}
              label={t('payment.admin.price.unitAmount')}
              currency={currency}
              size="small"
            />
            <IconButton
              aria-label={t('payment.admin.price.currencyOptionRemove', { currency: currency?.symbol ?? '' })}
              onClick={() => remove(index)}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Stack>
        );
      })}
      {nextCurrency ? (
        <Button
          startIcon={<AddIcon />}
          onClick={() => append({ currency_id: nextCurrency.id, unit_amount: '' })}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('payment.admin.price.currencyOptionAdd')}
        </Button>
      ) : null}
    </Stack>
  );
}
