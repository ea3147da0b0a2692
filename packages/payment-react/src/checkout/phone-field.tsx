import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { usePaymentContext } from '../provider/payment-context.ts';
import type { CheckoutFormValues } from './checkout-form-schema.ts';
import { fieldErrorText } from './field-error-text.ts';
import { phoneCountries, splitInternationalPhone } from './phone.ts';

/**
 * The phone number with its country's dial code. A number typed with its own `+` code moves
 * that country into the picker when the field is left, so what shows is what gets sent.
 */
export function PhoneField({ isDisabled }: { isDisabled: boolean }) {
  const { t, locale } = usePaymentContext();
  const { control, register, setValue, formState } = useFormContext<CheckoutFormValues>();
  const countries = useMemo(() => phoneCountries(locale), [locale]);
  const error = formState.errors.customer_phone;
  const phone = register('customer_phone', {
    onBlur: (event: { target: { value: string } }) => {
      const split = splitInternationalPhone(event.target.value);
      if (!split) return;
      setValue('phone_country', split.country);
      setValue('customer_phone', split.national);
    },
  });

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Controller
        control={control}
        name="phone_country"
        render={({ field }) => (
          <TextField
            select
            label={t('payment.checkout.form.phoneCountry')}
            autoComplete="tel-country-code"
            disabled={isDisabled}
            slotProps={{ select: { native: true } }}
            sx={{ width: { xs: 120, sm: 150 }, flexShrink: 0 }}
            {...field}
          >
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {`${country.name} ${country.dialCode}`}
              </option>
            ))}
          </TextField>
        )}
      />
      <TextField
        label={t('payment.checkout.form.phone')}
        type="tel"
        autoComplete="tel-national"
        disabled={isDisabled}
        error={Boolean(error)}
        helperText={fieldErrorText(error?.message, t) ?? t('payment.checkout.form.phoneHint')}
        sx={{ flex: 1 }}
        {...phone}
      />
    </Stack>
  );
}
