import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { RECURRING_INTERVALS } from '@bazaar/money';
import { useTranslate } from '@bazaar/payment-react';
import { FormTextField } from '../components/form-text-field.tsx';
import { ChoiceField } from '../components/choice-field.tsx';
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
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '110px 1fr 1.5fr' } }}>
          <FormTextField
            name="recurring.interval_count"
            label={t('payment.admin.price.intervalCount')}
            type="number"
            slotProps={{ htmlInput: { min: 1 } }}
          />
          <FormTextField name="recurring.interval" label={t('payment.admin.price.interval')} select>
            {RECURRING_INTERVALS.map((interval) => (
              <MenuItem key={interval} value={interval}>
                {t(`payment.admin.price.interval.${interval}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField name="recurring.usage_type" label={t('payment.admin.price.usageType')} select>
            <MenuItem value="licensed">{t('payment.admin.price.usageType.licensed')}</MenuItem>
            <MenuItem value="metered">{t('payment.admin.price.usageType.metered')}</MenuItem>
          </FormTextField>
        </Box>
      ) : null}
    </Stack>
  );
}
