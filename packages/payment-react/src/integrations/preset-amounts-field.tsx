import { useId, useState, type KeyboardEvent } from 'react';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormContext, useWatch } from 'react-hook-form';
import { decimalTokenSchema, type DonateSettings } from '@bazaar/schemas';
import { useTranslate } from '../provider/payment-context.ts';
import { settingErrorText } from './setting-error-text.ts';

/** The most presets a setting holds (the server's limit). */
export const PRESETS_MAX = 10;

/**
 * The preset amounts, each removable, and a field to add one. An amount is checked as
 * it is added (a token amount, not listed yet), so the list holds only amounts the server takes
 * apart from the bounds, which the form checks on save.
 */
export function PresetAmountsField({ isDisabled }: { isDisabled: boolean }) {
  const t = useTranslate();
  const { control, setValue, getValues, formState } = useFormContext<DonateSettings>();
  const presets = useWatch({ control, name: 'amount.presets' });
  const labelId = useId();
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const errors = formState.errors.amount?.presets;
  const listError = errors?.root?.message ?? errors?.message;
  const itemErrors = presets.map((_, index) => errors?.[index]?.message);
  const messages = [...new Set([listError, ...itemErrors].flatMap((message) => message ?? []))];
  const isFull = presets.length >= PRESETS_MAX;

  const update = (next: string[]) =>
    setValue('amount.presets', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  const add = () => {
    const amount = draft.trim();
    if (!decimalTokenSchema.safeParse(amount).success) {
      setDraftError(t('payment.integrations.error.amount'));
    } else if (presets.includes(amount)) {
      setDraftError(t('payment.integrations.error.amountListed'));
    } else {
      update([...presets, amount]);
      setDraft('');
      setDraftError(null);
    }
  };
  const remove = (amount: string) => {
    update(presets.filter((preset) => preset !== amount));
    // The preselected amount must stay one of the presets: without it, the middle one is.
    if (getValues('amount.preset') === amount) setValue('amount.preset', '', { shouldDirty: true });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Enter adds the amount instead of submitting the whole form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <Stack spacing={1}>
      <Typography id={labelId} variant="body2" color="text.secondary">
        {t('payment.integrations.field.presets')}
      </Typography>
      <Stack
        component="ul"
        aria-labelledby={labelId}
        direction="row"
        sx={{ flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
      >
        {presets.length === 0 ? (
          <Typography component="li" variant="body2" color="text.secondary">
            {t('payment.integrations.field.presetsEmpty')}
          </Typography>
        ) : (
          presets.map((amount, index) => (
            // A pill of plain text and a real button: a chip that is itself a button would hide
            // the remove action from keyboard and screen reader users.
            <Box
              component="li"
              key={amount}
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 0.25,
                pl: 1.5,
                pr: 0.25,
                minHeight: 36,
                borderRadius: 18,
                border: 1,
                borderColor: itemErrors[index] ? 'error.main' : 'divider',
                bgcolor: 'action.hover',
              }}
            >
              <Typography variant="body2" color={itemErrors[index] ? 'error.main' : 'text.primary'}>
                {amount}
              </Typography>
              <IconButton
                size="small"
                aria-label={t('payment.integrations.field.presetRemove', { amount })}
                onClick={() => remove(amount)}
                disabled={isDisabled}
              >
                <CloseRoundedIcon fontSize="small" />
              </IconButton>
            </Box>
          ))
        )}
      </Stack>
      {messages.map((message) => (
        <FormHelperText key={message} error>
          {settingErrorText(message, t)}
        </FormHelperText>
      ))}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t('payment.integrations.field.presetNew')}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            setDraftError(null);
          }}
          onKeyDown={onKeyDown}
          disabled={isDisabled || isFull}
          error={draftError !== null}
          helperText={draftError ?? t('payment.integrations.field.presetsHelp', { max: PRESETS_MAX })}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          sx={{ flex: 1, maxWidth: 240 }}
        />
        <Button
          variant="outlined"
          onClick={add}
          disabled={isDisabled || isFull || !draft.trim()}
          sx={{ mt: 0.25 }}
        >
          {t('payment.integrations.field.presetAdd')}
        </Button>
      </Stack>
    </Stack>
  );
}
