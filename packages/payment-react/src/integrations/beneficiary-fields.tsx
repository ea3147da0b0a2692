import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { BENEFICIARIES_MAX, type DonateSettings } from '@bazaar/schemas';
import { useTranslate } from '../provider/payment-context.ts';
import { settingErrorText } from './setting-error-text.ts';

/** A share is a whole percent: the field keeps digits only, and blank means no share. */
function toPercent(text: string): number | null {
  const digits = text.replace(/\D/g, '').slice(0, 3);
  return digits ? Number(digits) : null;
}

/**
 * Who receives the donations: a name, an address (DID or wallet) and an optional share each.
 * Shares are all given and add up to 100, or none is given and they share equally; the schema
 * checks that on save, and the running total shows while typing.
 */
export function BeneficiaryFields({ isDisabled }: { isDisabled: boolean }) {
  const t = useTranslate();
  const { control, register, formState } = useFormContext<DonateSettings>();
  const { fields, append, remove } = useFieldArray({ control, name: 'beneficiaries' });
  const beneficiaries = useWatch({ control, name: 'beneficiaries' });
  const errors = formState.errors.beneficiaries;
  const listError = errors?.root?.message ?? errors?.message;
  const percents = beneficiaries.flatMap((beneficiary) => beneficiary.percent ?? []);
  const total = percents.reduce((sum, percent) => sum + percent, 0);

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('payment.integrations.beneficiary.help')}
      </Typography>
      {fields.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('payment.integrations.beneficiary.empty')}
        </Typography>
      ) : null}
      {fields.map((field, index) => {
        const rowErrors = errors?.[index];
        const number = index + 1;
        return (
          <Paper
            key={field.id}
            variant="outlined"
            role="group"
            aria-label={t('payment.integrations.beneficiary.label', { number })}
            sx={{ p: 1.5 }}
          >
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <TextField
                size="small"
                label={t('payment.integrations.beneficiary.name')}
                disabled={isDisabled}
                error={Boolean(rowErrors?.name)}
                helperText={settingErrorText(rowErrors?.name?.message, t)}
                sx={{ flex: 2 }}
                {...register(`beneficiaries.${index}.name`)}
              />
              <TextField
                size="small"
                label={t('payment.integrations.beneficiary.address')}
                disabled={isDisabled}
                error={Boolean(rowErrors?.address)}
                helperText={settingErrorText(rowErrors?.address?.message, t)}
                sx={{ flex: 3 }}
                {...register(`beneficiaries.${index}.address`)}
              />
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Controller
                  control={control}
                  name={`beneficiaries.${index}.percent`}
                  render={({ field: { ref, value, onChange, ...percentField }, fieldState }) => (
                    <TextField
                      size="small"
                      inputRef={ref}
                      value={value ?? ''}
                      onChange={(event) => onChange(toPercent(event.target.value))}
                      label={t('payment.integrations.beneficiary.percent')}
                      disabled={isDisabled}
                      error={fieldState.invalid}
                      helperText={settingErrorText(fieldState.error?.message, t)}
                      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                      sx={{ width: { xs: '100%', sm: 112 } }}
                      {...percentField}
                    />
                  )}
                />
                <IconButton
                  aria-label={t('payment.integrations.beneficiary.remove', { number })}
                  onClick={() => remove(index)}
                  disabled={isDisabled}
                >
                  <DeleteOutlineRoundedIcon />
                </IconButton>
              </Stack>
            </Stack>
          </Paper>
        );
      })}
      {percents.length > 0 ? (
        <Typography variant="body2" color={total === 100 ? 'text.secondary' : 'warning.main'}>
          {t('payment.integrations.beneficiary.total', { total })}
        </Typography>
      ) : null}
      {listError ? <FormHelperText error>{settingErrorText(listError, t)}</FormHelperText> : null}
      <Button
        startIcon={<AddRoundedIcon />}
        onClick={() => append({ name: '', address: '', percent: null, avatar: null, url: null })}
        disabled={isDisabled || fields.length >= BENEFICIARIES_MAX}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('payment.integrations.beneficiary.add')}
      </Button>
    </Stack>
  );
}
