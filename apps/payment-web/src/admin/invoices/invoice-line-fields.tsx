import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminInvoice, AdminPaymentCurrency, PaymentCurrency } from '@bazaar/schemas';
import { ChoiceField } from '../components/choice-field.tsx';
import { FormTextField } from '../components/form-text-field.tsx';
import { PriceSearchField } from '../components/price-search-field.tsx';
import { AmountField } from '../prices/amount-field.tsx';
import { emptyInvoiceLine, isInvoiceable, type InvoiceFormValues } from './invoice-form-values.ts';

interface InvoiceLineFieldsProps {
  /** The invoice's currency, which a price must be payable in… */
  currencyId: string;
  /** …and a charge of its own is typed in. */
  currency: PaymentCurrency | undefined;
  currencies: AdminPaymentCurrency[];
  /** The draft being edited, whose lines name their prices should those not load. */
  invoice?: AdminInvoice;
}

/** What the invoice bills, a line each: a price of the catalogue, or a charge described and priced here. */
export function InvoiceLineFields({ currencyId, currency, currencies, invoice }: InvoiceLineFieldsProps) {
  const t = useTranslate();
  const { control } = useFormContext<InvoiceFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch<InvoiceFormValues, 'lines'>({ name: 'lines' });
  const kinds = [
    { value: 'custom', label: t('payment.admin.invoices.line.custom') },
    { value: 'price', label: t('payment.admin.invoices.line.price') },
  ];

  return (
    <Stack spacing={1.5}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('payment.admin.invoices.lines')}
      </Typography>
      {fields.map((field, index) => {
        const number = index + 1;
        const line = lines[index];
        const isPrice = line?.kind === 'price';
        return (
          <Paper
            key={field.id}
            variant="outlined"
            role="group"
            aria-label={t('payment.admin.invoices.lineNumber', { number })}
            sx={{ p: 2 }}
          >
            <Stack spacing={1.5}>
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', justifyContent: 'space-between' }}
              >
                <ChoiceField
                  name={`lines.${index}.kind`}
                  label={t('payment.admin.invoices.lineKind')}
                  options={kinds}
                />
                <IconButton
                  aria-label={t('payment.admin.invoices.lineRemove', { number })}
                  disabled={fields.length === 1}
                  onClick={() => remove(index)}
                >
                  <DeleteOutlinedIcon />
                </IconButton>
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                {isPrice ? (
                  <PriceSearchField
                    name={`lines.${index}.price_id`}
                    currencyId={currencyId}
                    currencies={currencies}
                    accepts={isInvoiceable}
                    fallbackLabel={
                      invoice?.lines.find((each) => each.price_id && each.price_id === line?.price_id)
                        ?.description
                    }
                  />
                ) : (
                  <>
                    <FormTextField
                      name={`lines.${index}.description`}
                      label={t('payment.invoice.description')}
                      fullWidth
                      size="small"
                    />
                    <AmountField
                      name={`lines.${index}.unit_amount`}
                      currency={currency}
                      label={t('payment.invoice.unitPrice')}
                      size="small"
                      sx={{ minWidth: { sm: 180 } }}
                    />
                  </>
                )}
                <FormTextField
                  name={`lines.${index}.quantity`}
                  label={t('payment.admin.link.quantity')}
                  type="number"
                  size="small"
                  slotProps={{ htmlInput: { min: 1 } }}
                  sx={{ width: { sm: 110 }, flexShrink: 0 }}
                />
              </Stack>
            </Stack>
          </Paper>
        );
      })}
      <Button
        startIcon={<AddIcon />}
        onClick={() => append(emptyInvoiceLine())}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('payment.admin.invoices.lineAdd')}
      </Button>
    </Stack>
  );
}
