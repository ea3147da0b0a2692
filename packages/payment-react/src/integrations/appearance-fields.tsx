import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext, type FieldPath } from 'react-hook-form';
import type { MessageKey } from '@bazaar/i18n';
import type { DonateSettings } from '@bazaar/schemas';
import { useTranslate } from '../provider/payment-context.ts';
import { settingErrorText } from './setting-error-text.ts';

type Button = DonateSettings['appearance']['button'];
type History = DonateSettings['appearance']['history'];

// Typed against the schema's choices, so a choice added there fails here until it has a label.
const BUTTON_SIZES = {
  small: 'payment.integrations.option.size.small',
  medium: 'payment.integrations.option.size.medium',
  large: 'payment.integrations.option.size.large',
} as const satisfies Record<Button['size'], MessageKey>;
const BUTTON_COLORS = {
  primary: 'payment.integrations.option.color.primary',
  secondary: 'payment.integrations.option.color.secondary',
  success: 'payment.integrations.option.color.success',
  error: 'payment.integrations.option.color.error',
  info: 'payment.integrations.option.color.info',
  warning: 'payment.integrations.option.color.warning',
} as const satisfies Record<Button['color'], MessageKey>;
const BUTTON_VARIANTS = {
  outlined: 'payment.integrations.option.variant.outlined',
  contained: 'payment.integrations.option.variant.contained',
  text: 'payment.integrations.option.variant.text',
} as const satisfies Record<Button['variant'], MessageKey>;
const HISTORY_VARIANTS = {
  avatar: 'payment.integrations.option.history.avatar',
  table: 'payment.integrations.option.history.table',
} as const satisfies Record<History['variant'], MessageKey>;

interface ChoiceFieldProps {
  name: FieldPath<DonateSettings>;
  label: string;
  choices: readonly { value: string; label: string }[];
  isDisabled: boolean;
}

/** A closed choice as the platform's own select, which phones show as their native picker. */
function ChoiceField({ name, label, choices, isDisabled }: ChoiceFieldProps) {
  const t = useTranslate();
  const { control } = useFormContext<DonateSettings>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <TextField
          select
          inputRef={ref}
          value={String(value)}
          label={label}
          disabled={isDisabled}
          error={fieldState.invalid}
          helperText={settingErrorText(fieldState.error?.message, t)}
          slotProps={{ select: { native: true } }}
          fullWidth
          {...field}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </TextField>
      )}
    />
  );
}

/** How the donate button looks (text, icon, size, color, style) and how the supporters show. */
export function AppearanceFields({ isDisabled }: { isDisabled: boolean }) {
  const t = useTranslate();
  const { register, formState } = useFormContext<DonateSettings>();
  const errors = formState.errors.appearance?.button;
  const choices = (labels: Record<string, MessageKey>) =>
    Object.entries(labels).map(([value, key]) => ({ value, label: t(key) }));

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('payment.integrations.field.buttonText')}
          disabled={isDisabled}
          error={Boolean(errors?.text)}
          helperText={settingErrorText(errors?.text?.message, t)}
          fullWidth
          {...register('appearance.button.text')}
        />
        <TextField
          label={t('payment.integrations.field.buttonIcon')}
          disabled={isDisabled}
          error={Boolean(errors?.icon)}
          helperText={settingErrorText(errors?.icon?.message, t)}
          slotProps={{ htmlInput: { inputMode: 'url' } }}
          fullWidth
          {...register('appearance.button.icon')}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ChoiceField
          name="appearance.button.size"
          label={t('payment.integrations.field.buttonSize')}
          choices={choices(BUTTON_SIZES)}
          isDisabled={isDisabled}
        />
        <ChoiceField
          name="appearance.button.color"
          label={t('payment.integrations.field.buttonColor')}
          choices={choices(BUTTON_COLORS)}
          isDisabled={isDisabled}
        />
        <ChoiceField
          name="appearance.button.variant"
          label={t('payment.integrations.field.buttonVariant')}
          choices={choices(BUTTON_VARIANTS)}
          isDisabled={isDisabled}
        />
      </Stack>
      <ChoiceField
        name="appearance.history.variant"
        label={t('payment.integrations.field.historyVariant')}
        choices={choices(HISTORY_VARIANTS)}
        isDisabled={isDisabled}
      />
    </Stack>
  );
}
