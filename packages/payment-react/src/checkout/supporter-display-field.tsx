import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext } from 'react-hook-form';
import { SUPPORTER_DISPLAYS } from '@bazaar/schemas';
import { useTranslate } from '../provider/payment-context.ts';
import type { CheckoutFormValues } from './checkout-form-schema.ts';

/**
 * How a donor appears among the supporters: name and amount, name only, or anonymous. Only a
 * donation shows it, so only a donation's submit carries the choice.
 */
export function SupporterDisplayField({ isDisabled }: { isDisabled: boolean }) {
  const t = useTranslate();
  const { control } = useFormContext<CheckoutFormValues>();
  const title = t('payment.checkout.supporter.title');
  return (
    <Stack spacing={0.5}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Controller
        control={control}
        name="supporter_display"
        defaultValue="public"
        render={({ field }) => (
          <RadioGroup {...field} aria-label={title} row>
            {SUPPORTER_DISPLAYS.map((display) => (
              <FormControlLabel
                key={display}
                value={display}
                disabled={isDisabled}
                control={<Radio size="small" />}
                label={t(`payment.checkout.supporter.${display}`)}
              />
            ))}
          </RadioGroup>
        )}
      />
    </Stack>
  );
}
