import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminPaymentCurrency } from '@bazaar/schemas';
import { FormCheckbox } from '../components/form-checkbox.tsx';
import { FormTextField } from '../components/form-text-field.tsx';
import { PriceSearchField } from '../components/price-search-field.tsx';
import { emptyLineItem, type PaymentLinkFormValues } from './payment-link-form-values.ts';

interface LinkItemFieldsProps {
  /** The link's currency, which every price must be payable in. */
  currencyId: string;
  currencies: AdminPaymentCurrency[];
}

/** What the link sells: each price, its quantity, whether the payer may change it, and cross-sells. */
export function LinkItemFields({ currencyId, currencies }: LinkItemFieldsProps) {
  const t = useTranslate();
  const { control } = useFormContext<PaymentLinkFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'line_items' });
  const items = useWatch<PaymentLinkFormValues, 'line_items'>({ name: 'line_items' });

  return (
    <Stack spacing={1.5}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('payment.admin.link.items')}
      </Typography>
      {fields.map((field, index) => {
        const number = index + 1;
        const isAdjustable = items[index]?.adjustable_quantity.enabled ?? false;
        return (
          <Paper key={field.id} variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={1.5}>
              {/* On a phone the price takes its own line, so its name is not cut to a word. */}
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
              >
                <Box sx={{ flex: '1 1 260px' }}>
                  <PriceSearchField
                    name={`line_items.${index}.price_id`}
                    currencyId={currencyId}
                    currencies={currencies}
                  />
                </Box>
                <FormTextField
                  name={`line_items.${index}.quantity`}
                  label={t('payment.admin.link.quantity')}
                  type="number"
                  size="small"
                  slotProps={{ htmlInput: { min: 1 } }}
                  sx={{ width: 110, flexShrink: 0 }}
                />
                <IconButton
                  aria-label={t('payment.admin.link.itemRemove', { number })}
                  disabled={fields.length === 1}
                  onClick={() => remove(index)}
                >
                  <DeleteOutlinedIcon />
                </IconButton>
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ flexWrap: 'wrap' }}>
                <FormCheckbox
                  name={`line_items.${index}.adjustable_quantity.enabled`}
                  label={t('payment.admin.link.adjustable')}
                />
                <FormCheckbox
                  name={`line_items.${index}.cross_sell`}
                  label={t('payment.admin.link.crossSell')}
                />
              </Stack>
              {isAdjustable ? (
                <Stack direction="row" spacing={1.5}>
                  <FormTextField
                    name={`line_items.${index}.adjustable_quantity.minimum`}
                    label={t('payment.admin.link.minimum')}
                    type="number"
                    size="small"
                  />
                  <FormTextField
                    name={`line_items.${index}.adjustable_quantity.maximum`}
                    label={t('payment.admin.link.maximum')}
                    type="number"
                    size="small"
                  />
                </Stack>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
      <Button
        startIcon={<AddIcon />}
        onClick={() => append(emptyLineItem())}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('payment.admin.link.itemAdd')}
      </Button>
    </Stack>
  );
}
