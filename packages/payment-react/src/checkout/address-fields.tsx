import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext } from 'react-hook-form';
import { usePaymentContext } from '../provider/payment-context.ts';
import type { AddressMode, CheckoutFormValues } from './checkout-form-schema.ts';
import { BILLING_COUNTRIES, countryName } from './countries.ts';
import { fieldErrorText } from './field-error-text.ts';

type TextAddressField = 'line1' | 'city' | 'state' | 'postal_code';

const FIELD_LABELS = {
  line1: 'payment.checkout.form.line1',
  city: 'payment.checkout.form.city',
  state: 'payment.checkout.form.state',
  postal_code: 'payment.checkout.form.postalCode',
} as const;

const AUTOCOMPLETE = {
  line1: 'address-line1',
  city: 'address-level2',
  state: 'address-level1',
  postal_code: 'postal-code',
};

/** Billing address: the full address in required mode, only country and postal code otherwise. */
export function AddressFields({
  mode,
  isDisabled,
}: {
  mode: Exclude<AddressMode, 'none'>;
  isDisabled: boolean;
}) {
  const { t, locale } = usePaymentContext();
  const { register, control, formState } = useFormContext<CheckoutFormValues>();
  const errors = formState.errors.billing_address;
  const fields: TextAddressField[] =
    mode === 'full' ? ['line1', 'city', 'state', 'postal_code'] : ['postal_code'];

  return (
    <Stack spacing={1.5}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('payment.checkout.form.billingAddress')}
      </Typography>
      <Controller
        control={control}
        name="billing_address.country"
        render={({ field }) => (
          <TextField select label={t('payment.checkout.form.country')} disabled={isDisabled} {...field}>
            {BILLING_COUNTRIES.map((code) => (
              <MenuItem key={code} value={code}>
                {countryName(code, locale)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {fields.map((name) => (
        <TextField
          key={name}
          label={t(FIELD_LABELS[name])}
          autoComplete={AUTOCOMPLETE[name]}
          disabled={isDisabled}
          error={Boolean(errors?.[name])}
          helperText={fieldErrorText(errors?.[name]?.message, t)}
          {...register(`billing_address.${name}`)}
        />
      ))}
    </Stack>
  );
}
