import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslate } from '@bazaar/payment-react';
import type { PaymentCurrency, UpdatePaymentCurrencyBody } from '@bazaar/schemas';
import { applyApiErrors } from '../components/api-form-errors.ts';
import { FormTextField } from '../components/form-text-field.tsx';

interface CurrencyFormValues {
  symbol: string;
  name: string;
  logo: string;
  decimal: string;
  contract: string;
}

/** The fields the form shows; a problem with any other (its precision) goes above the form. */
const FIELDS = ['symbol', 'name', 'logo', 'decimal', 'contract'] as const;

export interface CurrencyFormProps {
  currency?: PaymentCurrency;
  /** Whether the method is a chain's: only then has a currency a token contract. */
  hasContract: boolean;
  onSubmit: (
    body: Required<Pick<UpdatePaymentCurrencyBody, 'symbol' | 'name' | 'logo' | 'decimal' | 'contract'>>,
  ) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * A currency's symbol, name, decimals and (on a chain) token contract. Decimals say what the
 * smallest unit is, so the server refuses to change them once anything is priced in it.
 */
export function CurrencyForm({ currency, hasContract, onSubmit, onCancel }: CurrencyFormProps) {
  const t = useTranslate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CurrencyFormValues>({
    defaultValues: {
      symbol: currency?.symbol ?? '',
      name: currency?.name ?? '',
      logo: currency?.logo ?? '',
      decimal: String(currency?.decimal ?? (hasContract ? 18 : 2)),
      contract: currency?.contract ?? '',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit({
        symbol: values.symbol,
        name: values.name,
        logo: values.logo.trim(),
        decimal: Number(values.decimal),
        contract: hasContract ? values.contract.trim() || null : null,
      });
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
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField fullWidth name="symbol" label={t('payment.admin.currency.symbol')} required />
          <FormTextField fullWidth name="name" label={t('payment.admin.currency.name')} required />
        </Stack>
        <FormTextField
          name="decimal"
          label={t('payment.admin.currency.decimal')}
          helperText={t('payment.admin.currency.decimalHelp')}
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        {hasContract ? (
          <FormTextField
            name="contract"
            label={t('payment.admin.currency.contract')}
            helperText={t('payment.admin.currency.contractHelp')}
            placeholder="0x…"
          />
        ) : null}
        <FormTextField name="logo" label={t('payment.admin.method.logo')} />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('payment.admin.save')}
          </Button>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
        </Stack>
      </Stack>
    </FormProvider>
  );
}
