import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminTestClock } from '@bazaar/schemas';
import { useCreateTestClock } from '../api/use-test-clocks.ts';
import { applyApiErrors } from '../components/api-form-errors.ts';
import { FormTextField } from '../components/form-text-field.tsx';
import { currentUnixTime, fromTimeInput, toTimeInput } from './clock-time.ts';

interface CreateValues {
  name: string;
  frozen_time: string;
}

const FIELDS = ['name', 'frozen_time'] as const;

/** A new clock's name and the time it starts at (now unless told). */
export function TestClockCreateForm({ onCreated }: { onCreated: (clock: AdminTestClock) => void }) {
  const t = useTranslate();
  const createClock = useCreateTestClock();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CreateValues>({
    defaultValues: {
      name: t('payment.admin.testClock.defaultName'),
      frozen_time: toTimeInput(currentUnixTime()),
    },
  });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const frozenTime = fromTimeInput(values.frozen_time);
    if (frozenTime === null) {
      form.setError('frozen_time', { message: t('payment.admin.price.error.required') });
      return;
    }
    try {
      // The field holds minutes: the current minute's start is already past, and the present is meant.
      const now = currentUnixTime();
      const start = frozenTime > now - 60 ? Math.max(frozenTime, now) : frozenTime;
      onCreated(await createClock.mutateAsync({ name: values.name, frozen_time: start }));
    } catch (error) {
      setFormError(applyApiErrors(error, { setError: form.setError, fields: FIELDS, t }));
    }
  });

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
        {formError ? (
          <Alert severity="error">{t('payment.admin.saveFailed', { reason: formError })}</Alert>
        ) : null}
        <FormTextField name="name" label={t('payment.admin.testClock.name')} required />
        <FormTextField
          name="frozen_time"
          type="datetime-local"
          label={t('payment.admin.testClock.startTime')}
          helperText={t('payment.admin.testClock.startTimeHelp')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('payment.admin.testClock.create')}
          </Button>
        </Stack>
      </Stack>
    </FormProvider>
  );
}
