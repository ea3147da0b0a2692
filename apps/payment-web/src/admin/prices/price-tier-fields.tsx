import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminPaymentCurrency } from '@bazaar/schemas';
import { FormTextField } from '../components/form-text-field.tsx';
import { AmountField } from './amount-field.tsx';
import type { PriceFormValues } from './price-form-values.ts';

/** A tiered price with one tier would be a flat price: two at least. */
const MIN_TIERS = 2;

/** The tiers of a tiered price: how they count (graduated or volume) and each tier's bounds and amounts. */
export function PriceTierFields({ currency }: { currency: AdminPaymentCurrency | undefined }) {
  const t = useTranslate();
  const { control } = useFormContext<PriceFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'tiers' });
  return (
    <Stack spacing={2}>
      <FormTextField name="tiers_mode" label={t('payment.admin.price.tiersMode')} select>
        <MenuItem value="graduated">{t('payment.admin.price.tiersMode.graduated')}</MenuItem>
        <MenuItem value="volume">{t('payment.admin.price.tiersMode.volume')}</MenuItem>
      </FormTextField>
      {fields.map((field, index) => {
        const number = index + 1;
        const isLast = index === fields.length - 1;
        return (
          <Stack
            key={field.id}
            spacing={1}
            role="group"
            aria-label={t('payment.admin.price.tier', { number })}
          >
            <Typography variant="body2" color="text.secondary">
              {t('payment.admin.price.tier', { number })}
            </Typography>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <FormTextField
                name={`tiers.${index}.up_to`}
                label={t('payment.admin.price.tierUpTo')}
                type="number"
                placeholder={isLast ? t('payment.admin.price.tierUpToLast') : undefined}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 1 } }}
                size="small"
              />
              <AmountField
                name={`tiers.${index}.unit_amount`}
                label={t('payment.admin.price.tierUnitAmount')}
                currency={currency}
                size="small"
              />
              <AmountField
                name={`tiers.${index}.flat_amount`}
                label={t('payment.admin.price.tierFlatAmount')}
                currency={currency}
                size="small"
              />
              <IconButton
                aria-label={t('payment.admin.price.tierRemove', { number })}
                disabled={fields.length <= MIN_TIERS}
                onClick={() => remove(index)}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          </Stack>
        );
      })}
      <Button
        startIcon={<AddIcon />}
        onClick={() => append({ up_to: '', unit_amount: '', flat_amount: '' })}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('payment.admin.price.tierAdd')}
      </Button>
    </Stack>
  );
}
