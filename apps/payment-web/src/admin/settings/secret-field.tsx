import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import { useTranslate } from '@bazaar/payment-react';
import { FormTextField } from '../components/form-text-field.tsx';

interface SecretFieldProps {
  name: string;
  label: string;
  /** Whether the server holds one: it never says what it is. */
  isSet: boolean;
  required?: boolean;
}

/**
 * A write-only secret: the field starts empty whether or not one is stored, says which, and
 * whatever is typed replaces it (left empty, the stored one stays).
 */
export function SecretField({ name, label, isSet, required }: SecretFieldProps) {
  const t = useTranslate();
  return (
    <FormTextField
      name={name}
      label={label}
      type="password"
      required={required}
      autoComplete="new-password"
      helperText={isSet ? t('payment.admin.method.secretReplace') : t('payment.admin.method.secretNew')}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Chip
                size="small"
                variant="outlined"
                color={isSet ? 'success' : 'default'}
                label={isSet ? t('payment.admin.method.secretSet') : t('payment.admin.method.secretNotSet')}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
