import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { FormProvider, useForm, useWatch, type Path } from 'react-hook-form';
import { extractErrorText, useTranslate } from '@bazaar/payment-react';
import type { AdminInvoice, AdminPaymentCurrency, CreateInvoiceBody } from '@bazaar/schemas';
import { useCurrencies } from '../api/use-prices.ts';
import { applyApiErrors } from '../components/api-form-errors.ts';
import { FormTextField } from '../components/form-text-field.tsx';
import { InvoiceCustomerField } from './invoice-customer-field.tsx';
import {
  defaultInvoiceValues,
  INVOICE_FORM_FIELDS,
  invoiceBodyOf,
  invoiceValuesOf,
  type InvoiceFormValues,
} from './invoice-form-values.ts';
import { InvoiceLineFields } from './invoice-line-fields.tsx';

export interface InvoiceFormProps {
  /** The draft being edited; none to write a new one. */
  invoice?: AdminInvoice;
  onSubmit: (body: CreateInvoiceBody) => Promise<unknown>;
  onCancel?: () => void;
}

/**
 * A manual invoice's customer, currency, lines and terms, written as a draft or edited as one
 * (a draft keeps its customer and currency). It waits for the mode's currencies.
 */
export function InvoiceForm(props: InvoiceFormProps) {
  const t = useTranslate();
  const currencies = useCurrencies();
  if (currencies.error) {
    return (
      <Alert severity="error">
        {t('payment.admin.loadFailed', { reason: extractErrorText(currencies.error, t) })}
      </Alert>
    );
  }
  if (!currencies.data) {
    return <LinearProgress aria-label={t('common.loading')} sx={{ height: 2 }} />;
  }
  return <InvoiceFormFields {...props} currencies={currencies.data.list} />;
}

function InvoiceFormFields({
  invoice,
  onSubmit,
  onCancel,
  currencies,
}: InvoiceFormProps & { currencies: AdminPaymentCurrency[] }) {
  const t = useTranslate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<InvoiceFormValues>({
    defaultValues: invoice ? invoiceValuesOf(invoice) : defaultInvoiceValues(currencies[0]?.id ?? ''),
  });
  const currencyId = useWatch({ control: form.control, name: 'currency_id' });
  // A draft's currency may since have been turned off; it is still the one its amounts are in.
  const currency = invoice?.currency ?? currencies.find((each) => each.id === currencyId);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const { body, issues } = invoiceBodyOf(values, { currency, t });
    for (const issue of issues) {
      form.setError(issue.path as Path<InvoiceFormValues>, { type: 'form', message: issue.message });
    }
    if (!body) return;
    try {
      await onSubmit({ ...body, customer_id: values.customer_id, currency_id: values.currency_id });
    } catch (error) {
      setFormError(applyApiErrors(error, { setError: form.setError, fields: INVOICE_FORM_FIELDS, t }));
    }
  });

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate spacing={3} onSubmit={submit} sx={{ maxWidth: 720 }}>
        {formError ? (
          <Alert severity="error">{t('payment.admin.saveFailed', { reason: formError })}</Alert>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {invoice ? null : (
            <Stack sx={{ flex: 1 }}>
              <InvoiceCustomerField />
            </Stack>
          )}
          <FormTextField
            name="currency_id"
            label={t('payment.admin.price.currency')}
            select
            disabled={Boolean(invoice)}
            // A fixed width, so the customer beside it keeps the rest of the row for names.
            sx={{ width: { xs: '100%', sm: 240 }, flexShrink: 0 }}
          >
            {(invoice ? [invoice.currency] : currencies).map((each) => (
              <MenuItem key={each.id} value={each.id}>
                {each.symbol} · {each.name}
              </MenuItem>
            ))}
          </FormTextField>
        </Stack>
        <InvoiceLineFields
          currencyId={currencyId}
          currency={currency}
          currencies={currencies}
          invoice={invoice}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField
            name="days_until_due"
            label={t('payment.admin.invoices.daysUntilDue')}
            helperText={t('payment.admin.invoices.daysUntilDueHelp')}
            type="number"
            slotProps={{ htmlInput: { min: 0, max: 365 } }}
            sx={{ width: { sm: 220 }, flexShrink: 0 }}
          />
          <FormTextField
            name="description"
            label={t('payment.admin.invoices.memo')}
            helperText={t('payment.admin.invoices.memoHelp')}
            multiline
            minRows={2}
            fullWidth
          />
        </Stack>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting}>
            {t('payment.admin.invoices.saveDraft')}
          </Button>
          {onCancel ? <Button onClick={onCancel}>{t('common.cancel')}</Button> : null}
        </Stack>
      </Stack>
    </FormProvider>
  );
}
