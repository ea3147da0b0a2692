import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslate } from '@bazaar/payment-react';
import type { AdminCustomer } from '@bazaar/schemas';
import { useCustomerPage } from '../api/use-customers.ts';
import type { InvoiceFormValues } from './invoice-form-values.ts';

const SEARCH_DELAY_MS = 300;
const SUGGESTIONS = '10';

const customerLabel = (customer: AdminCustomer) =>
  [customer.name, customer.email].filter(Boolean).join(' · ') || customer.did;

/** Who the invoice bills: a customer of the mode, found by name, email or DID as the admin types. */
export function InvoiceCustomerField() {
  const t = useTranslate();
  const { control } = useFormContext<InvoiceFormValues>();
  const [chosen, setChosen] = useState<AdminCustomer | null>(null);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const customers = useCustomerPage({ q: search, page: '1', pageSize: SUGGESTIONS });
  const found = customers.data?.list ?? [];
  // The chosen customer stays an option while the search names others, as the field requires.
  const options = chosen && !found.some((each) => each.id === chosen.id) ? [chosen, ...found] : found;

  return (
    <Controller
      name="customer_id"
      control={control}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={options}
          value={chosen}
          onChange={(_event, customer) => {
            setChosen(customer);
            field.onChange(customer?.id ?? '');
          }}
          inputValue={text}
          onInputChange={(_event, value) => setText(value)}
          // The server has searched already.
          filterOptions={(options) => options}
          getOptionLabel={customerLabel}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          loading={customers.isFetching}
          noOptionsText={t('payment.admin.invoices.noCustomers')}
          renderInput={(params) => (
            <TextField
              {...params}
              required
              label={t('payment.admin.invoice.customer')}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? t('payment.admin.invoices.customerHelp')}
            />
          )}
        />
      )}
    />
  );
}
