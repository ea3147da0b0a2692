import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import type { TestCardInput } from '../api/checkout-api.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import type { CardPurpose } from './card-purpose.ts';
import { CardStepFrame } from './card-step-frame.tsx';
import {
  cardFormSchema,
  formatCardNumberInput,
  formatExpiryInput,
  type CardFormValues,
} from './card-form-schema.ts';
import { fieldErrorText } from './field-error-text.ts';

export interface TestCardStepProps {
  /** A payment unless told otherwise. */
  purpose?: CardPurpose;
  isConfirming: boolean;
  error: string | null;
  isTestMode: boolean;
  onConfirm: (card: TestCardInput) => void;
  onCancel: () => void;
}

const FIELDS = [
  {
    name: 'number',
    label: 'payment.checkout.card.number',
    autoComplete: 'cc-number',
    format: formatCardNumberInput,
  },
  {
    name: 'expiry',
    label: 'payment.checkout.card.expiry',
    autoComplete: 'cc-exp',
    format: formatExpiryInput,
  },
  {
    name: 'cvc',
    label: 'payment.checkout.card.cvc',
    autoComplete: 'cc-csc',
    format: (value: string) => value.replace(/\D/g, '').slice(0, 4),
  },
] as const;

/** The card details form of the built-in test card network; a decline keeps it open for another card. */
export function TestCardStep({
  purpose = 'pay',
  isConfirming,
  error,
  isTestMode,
  onConfirm,
  onCancel,
}: TestCardStepProps) {
  const { t } = usePaymentContext();
  const { control, handleSubmit } = useForm<CardFormValues, unknown, TestCardInput>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { number: '', expiry: '', cvc: '' },
  });

  return (
    <CardStepFrame
      purpose={purpose}
      isConfirming={isConfirming}
      error={error}
      onSubmit={handleSubmit(onConfirm)}
      onCancel={onCancel}
    >
      {isTestMode ? (
        <Alert severity="info" variant="outlined">
          {t('payment.checkout.card.testHint')}
          {purpose === 'pay' ? null : ` ${t('payment.checkout.card.testHintSaved')}`}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: '1fr 1fr',
          gap: 1.5,
          '& > :first-of-type': { gridColumn: '1 / -1' },
        }}
      >
        {FIELDS.map(({ name, label, autoComplete, format }) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                onChange={(event) => field.onChange(format(event.target.value))}
                label={t(label)}
                autoComplete={autoComplete}
                autoFocus={name === 'number'}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                disabled={isConfirming}
                error={Boolean(fieldState.error)}
                helperText={fieldErrorText(fieldState.error?.message, t)}
              />
            )}
          />
        ))}
      </Box>
    </CardStepFrame>
  );
}
