import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from '../provider/payment-context.ts';
import type { PaymentOption } from './checkout-amounts.ts';

export interface PaymentOptionListProps {
  options: PaymentOption[];
  selectedCurrencyId: string;
  isDisabled: boolean;
  /** What the payer would pay with this option, in its own currency. */
  amountText: (option: PaymentOption) => string;
  onSelect: (option: PaymentOption) => void;
}

/** Every (method × currency) pair as a selectable card, each with the amount it would charge. */
export function PaymentOptionList({
  options,
  selectedCurrencyId,
  isDisabled,
  amountText,
  onSelect,
}: PaymentOptionListProps) {
  const t = useTranslate();
  return (
    <Stack spacing={1.5}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }} id="payment-method-label">
        {t('payment.checkout.form.paymentMethod')}
      </Typography>
      <Stack role="radiogroup" aria-labelledby="payment-method-label" spacing={1}>
        {options.map((option) => {
          const isSelected = option.currency.id === selectedCurrencyId;
          // Every other method is paid from a wallet, whichever chain or token it is.
          const Icon = option.method.type === 'stripe' ? CreditCardIcon : AccountBalanceWalletOutlinedIcon;
          return (
            <ButtonBase
              key={`${option.method.id}:${option.currency.id}`}
              role="radio"
              aria-checked={isSelected}
              disabled={isDisabled}
              onClick={() => onSelect(option)}
              sx={{
                justifyContent: 'flex-start',
                gap: 1.5,
                p: 1.5,
                borderRadius: 1,
                border: 1,
                borderColor: isSelected ? 'primary.main' : 'divider',
                boxShadow: isSelected ? (theme) => `0 0 0 1px ${theme.palette.primary.main}` : 'none',
                textAlign: 'left',
              }}
            >
              <Icon color={isSelected ? 'primary' : 'action'} />
              <Stack sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500 }}>{option.method.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {option.currency.name}
                </Typography>
              </Stack>
              <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{amountText(option)}</Typography>
            </ButtonBase>
          );
        })}
      </Stack>
    </Stack>
  );
}
