import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { DonateSettings } from '@bazaar/schemas';
import { useTranslate } from '../provider/payment-context.ts';
import { PresetAmountsField } from './preset-amounts-field.tsx';
import { settingErrorText } from './setting-error-text.ts';

/** What a donor may give: the preset amounts, the one preselected, the bounds and whether any amount goes. */
export function AmountFields({ isDisabled }: { isDisabled: boolean }) {
  const t = useTranslate();
  const { control, register, formState } = useFormContext<DonateSettings>();
  const presets = useWatch({ control, name: 'amount.presets' });
  const errors = formState.errors.amount;

  return (
    <Stack spacing={2}>
      <PresetAmountsField isDisabled={isDisabled} />
      <Controller
        control={control}
        name="amount.preset"
        render={({ field: { ref, ...field }, fieldState }) => (
          <TextField
            select
            inputRef={ref}
            label={t('payment.integrations.field.preset')}
            disabled={isDisabled}
            error={fieldState.invalid}
            helperText={settingErrorText(fieldState.error?.message, t)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            {...field}
          >
            <option value="">{t('payment.integrations.field.presetMiddle')}</option>
            {/* A preset saved before its amount left the list still shows, so the form can refuse it. */}
            {(presets.includes(field.value) || !field.value ? presets : [...presets, field.value]).map(
              (amount) => (
                <option key={amount} value={amount}>
                  {amount}
                </option>
              ),
            )}
          </TextField>
        )}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('payment.integrations.field.minimum')}
          disabled={isDisabled}
          error={Boolean(errors?.minimum)}
          helperText={settingErrorText(errors?.minimum?.message, t)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          fullWidth
          {...register('amount.minimum')}
        />
        <TextField
          label={t('payment.integrations.field.maximum')}
          disabled={isDisabled}
          error={Boolean(errors?.maximum)}
          helperText={settingErrorText(errors?.maximum?.message, t)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          fullWidth
          {...register('amount.maximum')}
        />
      </Stack>
      <Controller
        control={control}
        name="amount.custom"
        render={({ field: { value, onChange, ref, ...field } }) => (
          <FormControlLabel
            label={t('payment.integrations.field.custom')}
            disabled={isDisabled}
            control={
              <Switch
                checked={value}
                onChange={(_, checked) => onChange(checked)}
                slotProps={{ input: { ref } }}
                {...field}
              />
            }
          />
        )}
      />
    </Stack>
  );
}
