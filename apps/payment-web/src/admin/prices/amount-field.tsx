import InputAdornment from '@mui/material/InputAdornment';
import type { TextFieldProps } from '@mui/material/TextField';
import { currencySign } from '@bazaar/money';
import type { PaymentCurrency } from '@bazaar/schemas';
import { FormTextField } from '../components/form-text-field.tsx';

type AmountFieldProps = Omit<TextFieldProps, 'name'> & {
  name: string;
  currency: PaymentCurrency | undefined;
};

/** An amount typed in the currency's units, its sign beside it; read as text, never a float. */
export function AmountField({ name, currency, ...props }: AmountFieldProps) {
  const sign = currency ? currencySign(currency) : '';
  return (
    <FormTextField
      {...props}
      name={name}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: sign
          ? { startAdornment: <InputAdornment position="start">{sign}</InputAdornment> }
          : undefined,
      }}
    />
  );
}
