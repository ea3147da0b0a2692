import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslate } from '@bazaar/payment-react';
import { EVENT_TYPES } from '@bazaar/schemas';
import { FormCheckbox } from '../components/form-checkbox.tsx';
import type { WebhookFormValues } from './webhook-form-values.ts';

/** Which events the endpoint receives: every type (`*`, types added later too), or those chosen. */
export function WebhookEventsField() {
  const t = useTranslate();
  const { control } = useFormContext<WebhookFormValues>();
  const isAll = useWatch({ control, name: 'all_events' });
  return (
    <Stack spacing={1}>
      <FormCheckbox name="all_events" label={t('payment.admin.webhook.allEvents')} />
      {isAll ? null : (
        <Controller
          name="enabled_events"
          control={control}
          rules={{ validate: (types) => types.length > 0 || t('payment.admin.webhook.eventsRequired') }}
          render={({ field, fieldState }) => (
            <Autocomplete
              multiple
              disableCloseOnSelect
              options={EVENT_TYPES}
              value={field.value}
              onChange={(_event, types) => field.onChange(types)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('payment.admin.webhook.events')}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
          )}
        />
      )}
    </Stack>
  );
}
