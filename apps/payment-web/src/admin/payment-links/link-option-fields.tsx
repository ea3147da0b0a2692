import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { useTranslate } from '@bazaar/payment-react';
import { FormCheckbox } from '../components/form-checkbox.tsx';
import { FormTextField } from '../components/form-text-field.tsx';
import { ChoiceField } from '../components/choice-field.tsx';
import type { PaymentLinkFormValues } from './payment-link-form-values.ts';

const SUBMIT_TYPES = ['auto', 'pay', 'donate', 'book'] as const;

/** How the checkout behaves: its button, what it collects, a trial, what follows payment, how long it stays open. */
export function LinkOptionFields({ hasRecurringItem }: { hasRecurringItem: boolean }) {
  const t = useTranslate();
  const afterCompletion = useWatch<PaymentLinkFormValues, 'after_completion.type'>({
    name: 'after_completion.type',
  });
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField name="submit_type" label={t('payment.admin.link.submitType')} select fullWidth>
          {SUBMIT_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`payment.admin.link.submitType.${type}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          name="expires_after_hours"
          label={t('payment.admin.link.expiresAfter')}
          type="number"
          slotProps={{ htmlInput: { min: 0.5, max: 168, step: 0.5 } }}
          fullWidth
        />
      </Stack>
      {hasRecurringItem ? (
        <FormTextField
          name="subscription_data.trial_period_days"
          label={t('payment.admin.link.trialDays')}
          type="number"
          slotProps={{ htmlInput: { min: 0 } }}
          sx={{ maxWidth: 200 }}
        />
      ) : null}
      <Stack>
        <FormCheckbox name="phone_number_collection.enabled" label={t('payment.admin.link.phone')} />
        <FormCheckbox name="is_billing_address_required" label={t('payment.admin.link.billingAddress')} />
        <FormCheckbox name="is_cross_sell_required" label={t('payment.admin.link.crossSellRequired')} />
      </Stack>
      <ChoiceField
        name="after_completion.type"
        label={t('payment.admin.link.afterCompletion')}
        options={[
          {
            value: 'hosted_confirmation',
            label: t('payment.admin.link.afterCompletion.hosted_confirmation'),
          },
          { value: 'redirect', label: t('payment.admin.link.afterCompletion.redirect') },
        ]}
      />
      {afterCompletion === 'redirect' ? (
        <FormTextField
          name="after_completion.redirect.url"
          label={t('payment.admin.link.redirectUrl')}
          type="url"
        />
      ) : (
        <FormTextField
          name="after_completion.hosted_confirmation.custom_message"
          label={t('payment.admin.link.confirmationMessage')}
          multiline
          minRows={2}
        />
      )}
    </Stack>
  );
}
