import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useController, useFormContext } from 'react-hook-form';
import { useDebouncedValue, useTranslate } from '@bazaar/payment-react';
import type { AdminPaymentCurrency, AdminPrice } from '@bazaar/schemas';
import { usePrice, usePriceSearch } from '../api/use-prices.ts';
import { priceLabel } from '../prices/price-summary.ts';

const SEARCH_DELAY_MS = 300;

/** A price as the field names it: `Bazaar T-shirt · $19.99`, or its product and nickname. */
interface PriceChoice {
  id: string;
  label: string;
}

interface PriceSearchFieldProps {
  /** The form's field holding the chosen price's id, '' for none (`lines.0.price_id`). */
  name: string;
  /** Only prices payable in it are offered. */
  currencyId: string;
  /** The mode's currencies, to name the prices' amounts. */
  currencies: AdminPaymentCurrency[];
  /** What else a price must be to be offered, besides on sale and payable in the currency. */
  accepts?: (price: AdminPrice) => boolean;
  /** The choice's name while its price loads, or if it cannot: a draft's line names its own. */
  fallbackLabel?: string;
}

/**
 * A price on sale, found as the admin types its product's name, its nickname or its id (the
 * server searches, so every price can be reached), bound to the surrounding form by name.
 */
export function PriceSearchField({
  name,
  currencyId,
  currencies,
  accepts = () => true,
  fallbackLabel = '',
}: PriceSearchFieldProps) {
  const t = useTranslate();
  const { field, fieldState } = useController({ name, control: useFormContext().control });
  const [typed, setTyped] = useState('');
  const found = usePriceSearch(useDebouncedValue(typed.trim(), SEARCH_DELAY_MS), currencyId);
  const priceId = String(field.value ?? '');
  const chosen = usePrice(priceId);

  const labelOf = (price: AdminPrice) => priceLabel(price, currencies, t);
  const chosenLabel = chosen.data ? labelOf(chosen.data) : fallbackLabel;
  // The field resets what it shows whenever its value is another object, typing included.
  const value = useMemo<PriceChoice | null>(
    () => (priceId ? { id: priceId, label: chosenLabel } : null),
    [priceId, chosenLabel],
  );
  const offered = (found.data?.list ?? [])
    .filter(accepts)
    .map((price): PriceChoice => ({ id: price.id, label: labelOf(price) }));
  // The choice stays an option while the search names others, as the field requires.
  const options = value && !offered.some((each) => each.id === value.id) ? [value, ...offered] : offered;

  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, choice) => field.onChange(choice?.id ?? '')}
      onBlur={field.onBlur}
      // The suggestions follow what the admin types; a choice made starts them over.
      onInputChange={(_event, text, reason) => setTyped(reason === 'input' ? text : '')}
      // The server has searched already.
      filterOptions={(all) => all}
      getOptionLabel={(choice) => choice.label}
      getOptionKey={(choice) => choice.id}
      isOptionEqualToValue={(option, choice) => option.id === choice.id}
      loading={found.isFetching}
      noOptionsText={t('payment.admin.price.searchNone')}
      fullWidth
      size="small"
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={t('payment.admin.link.price')}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? t('payment.admin.price.searchHelp')}
        />
      )}
    />
  );
}
