import { lazy, Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormContext } from 'react-hook-form';
import { useTranslate } from '../provider/payment-context.ts';
import type { CheckoutFormValues } from './checkout-form-schema.ts';
import { fieldErrorText } from './field-error-text.ts';

// Few sessions collect a phone; the picker and its country metadata load only for those.
const PhoneField = lazy(() => import('./phone-field.tsx').then((module) => ({ default: module.PhoneField })));

export interface CustomerFieldsProps {
  isPhoneCollected: boolean;
  isDisabled: boolean;
}

/** Name, email and (when the session collects it) phone. */
export function CustomerFields({ isPhoneCollected, isDisabled }: CustomerFieldsProps) {
  const t = useTranslate();
  const { register, formState } = useFormContext<CheckoutFormValues>();
  const { errors } = formState;

  return (
    <Stack spacing={1.5}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('payment.checkout.form.contact')}
      </Typography>
      <TextField
        label={t('payment.checkout.form.name')}
        autoComplete="name"
        disabled={isDisabled}
        error={Boolean(errors.customer_name)}
        helperText={fieldErrorText(errors.customer_name?.message, t)}
        {...register('customer_name')}
      />
      <TextField
        label={t('payment.checkout.form.email')}
        type="email"
        autoComplete="email"
        disabled={isDisabled}
        error={Boolean(errors.customer_email)}
        helperText={fieldErrorText(errors.customer_email?.message, t)}
        {...register('customer_email')}
      />
      {isPhoneCollected ? (
        <Suspense fallback={<Skeleton variant="rounded" height={56} />}>
          <PhoneField isDisabled={isDisabled} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
