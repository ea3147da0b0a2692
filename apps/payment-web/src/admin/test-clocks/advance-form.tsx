import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { FormProvider, useForm } from 'react-hook-form';
import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import { FormTextField } from '../components/form-text-field.tsx';
import { addClockStep, fromTimeInput, toTimeInput, type ClockStep } from './clock-time.ts';

const STEPS: {
  step: ClockStep;
  label:
    | 'payment.admin.testClock.plusDay'
    | 'payment.admin.testClock.plusWeek'
    | 'payment.admin.testClock.plusMonth';
}[] = [
  { step: 'day', label: 'payment.admin.testClock.plusDay' },
  { step: 'week', label: 'payment.admin.testClock.plusWeek' },
  { step: 'month', label: 'payment.admin.testClock.plusMonth' },
];

interface AdvanceFormProps {
  frozenTime: number;
  onAdvance: (frozenTime: number) => void;
}

/** Where to move the clock: a time after its own, typed or a day, week or month on. */
export function AdvanceForm({ frozenTime, onAdvance }: AdvanceFormProps) {
  const t = useTranslate();
  const form = useForm({ defaultValues: { frozen_time: toTimeInput(addClockStep(frozenTime, 'day')) } });
  const submit = form.handleSubmit(({ frozen_time }) => {
    const target = fromTimeInput(frozen_time);
    if (target === null || target <= frozenTime) {
      form.setError('frozen_time', {
        message: t('payment.admin.testClock.advanceTooEarly', { time: formatDateTimeMinutes(frozenTime) }),
      });
      return;
    }
    onAdvance(target);
  });

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
        <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
          {STEPS.map(({ step, label }) => (
            <Chip
              key={step}
              label={t(label)}
              onClick={() =>
                form.setValue('frozen_time', toTimeInput(addClockStep(frozenTime, step)), {
                  shouldValidate: false,
                })
              }
            />
          ))}
        </Stack>
        <FormTextField
          name="frozen_time"
          type="datetime-local"
          label={t('payment.admin.testClock.advanceTo')}
          helperText={t('payment.admin.testClock.advanceHelp', { time: formatDateTimeMinutes(frozenTime) })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Stack direction="row">
          <Button type="submit" variant="contained">
            {t('payment.admin.testClock.advance')}
          </Button>
        </Stack>
      </Stack>
    </FormProvider>
  );
}
