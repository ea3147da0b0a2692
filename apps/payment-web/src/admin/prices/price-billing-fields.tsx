import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { RECURRING_INTERVALS } from '@bazaar/money';
import { useTranslate } from '@bazaar/payment-react';
import { FormTextField } from '../components/form-text-field.tsx';
import { ChoiceField } from './choice-field.tsx';
import type { PriceFormValues } from './price-form-values.ts';

/** One-time or recurring, and for a recurring price its period and whether usage is metered. */
export function PriceBillingFields() {
  const t = useTranslate();
  const type = useWatch<PriceFormValues, 'type'>({ name: 'type' });
  return (
    <Stack spacing={2}>
      <ChoiceField
        name="type"
        label={t('payment.admin.price.type')}
        options={[
          { value: 'one_time', label: t('payment.admin.price.type.one_time') },
          { value: 'recurring', label: t('payment.admin.price.type.recurring') },
        ]}
      />
      {type === 'recurring' ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            name="recurring.interval_count"
            label={t('payment.admin.price.intervalCount')}
            type="number"
            slotProps={{ htmlInput: { min: 1 } }}
            sx={{ width: { sm: 120 } }}
          />
          <FormTextField
            name="recurring.interval"
            label={t('payment.admin.price.interval')}
            select
            sx={{ minWidth: 160 }}
          >
            {RECURRING_INTERVALS.map((interval) => (
              <MenuItem key={interval} value={interval}>
                {t(`payment.admin.price.interval.${interval}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            name="recurring.usage_type"
            label={t('payment.admin.price.usageType')}
            select
            sx={{ flex: 1 }}
          >
            <MenuItem value="licensed">{t('payment.admin.price.usageType.licensed')}</MenuItem>
            <MenuItem value="metered">{t('payment.admin.price.usageType.metered')}</MenuItem>
          </FormTextField>
        </Stack>
      ) : null}
    </Stack>
  );
}
