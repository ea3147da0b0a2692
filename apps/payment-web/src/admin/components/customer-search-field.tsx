import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDebouncedValue } from '@bazaar/payment-react';
import type { AdminCustomer } from '@bazaar/schemas';
import { useCustomerPage } from '../api/use-customers.ts';

const SEARCH_DELAY_MS = 300;
const SUGGESTIONS = '10';

const customerLabel = (customer: AdminCustomer) =>
  [customer.name, customer.email].filter(Boolean).join(' · ') || customer.did;

interface CustomerSearchFieldProps {
  value: AdminCustomer | null;
  onChange: (customer: AdminCustomer | null) => void;
  label: string;
  noOptionsText: string;
  helperText?: string;
  error?: boolean;
  required?: boolean;
}

/** A customer of the mode, found by name, email or DID as the admin types (the server searches). */
export function CustomerSearchField({
  value,
  onChange,
  label,
  noOptionsText,
  helperText,
  error,
  required,
}: CustomerSearchFieldProps) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const customers = useCustomerPage({ q: search, page: '1', pageSize: SUGGESTIONS });
  const found = customers.data?.list ?? [];
  // The chosen customer stays an option while the search names others, as the field requires.
  const options = value && !found.some((each) => each.id === value.id) ? [value, ...found] : found;

  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, customer) => onChange(customer)}
      inputValue={text}
      onInputChange={(_event, typed) => setText(typed)}
      // The server has searched already.
      filterOptions={(all) => all}
      getOptionLabel={customerLabel}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={customers.isFetching}
      noOptionsText={noOptionsText}
      renderInput={(params) => (
        <TextField {...params} required={required} label={label} error={error} helperText={helperText} />
      )}
    />
  );
}
