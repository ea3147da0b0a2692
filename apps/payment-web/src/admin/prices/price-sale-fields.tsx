import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminPaymentCurrency, AdminPrice } from '@bazaar/schemas';
import { FormTextField } from '../components/form-text-field.tsx';
import { describePrice } from './price-summary.ts';

interface PriceSaleFieldsProps {
  /** Prices a payer may be offered to switch to at checkout (the product's other prices). */
  upsellCandidates: AdminPrice[];
  currencies: AdminPaymentCurrency[];
}

/** How the price is sold: an upsell, stock, a per-checkout limit and the admins' nickname for it. */
export function PriceSaleFields({ upsellCandidates, currencies }: PriceSaleFieldsProps) {
  const t = useTranslate();
  return (
    <Stack spacing={2}>
      <FormTextField
        name="upsell"
        label={t('payment.admin.price.upsell')}
        select
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('payment.admin.price.upsellNone')}</MenuItem>
        {upsellCandidates.map((price) => (
          <MenuItem key={price.id} value={price.id}>
            {price.nickname || describePrice(price, currencies, t)}
          </MenuItem>
        ))}
      </FormTextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          name="quantity_available"
          label={t('payment.admin.price.quantityAvailable')}
          helperText={t('payment.admin.price.quantityAvailableHelp')}
          type="number"
          slotProps={{ htmlInput: { min: 0 } }}
          fullWidth
        />
        <FormTextField
          name="quantity_limit_per_checkout"
          label={t('payment.admin.price.quantityLimit')}
          helperText={t('payment.admin.price.quantityLimitHelp')}
          type="number"
          slotProps={{ htmlInput: { min: 0 } }}
          fullWidth
        />
      </Stack>
      <FormTextField
        name="nickname"
        label={t('payment.admin.price.nickname')}
        helperText={t('payment.admin.price.nicknameHelp')}
      />
    </Stack>
  );
}
