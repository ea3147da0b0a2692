import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Translate } from '@bazaar/i18n';
import type { PaymentCurrency, PlanChangeOption, Price, SubscriptionItem } from '@bazaar/schemas';
import { unitAmountIn } from '../checkout/checkout-amounts.ts';
import { formatMoney } from '@bazaar/money';
import { formatRecurring } from '../format/format-recurring.ts';
import { useTranslate } from '../provider/payment-context.ts';

/** A plan's name: its product, and the price's nickname when it has one ("Pro · Team"). */
export function planName(price: Price): string {
  return price.nickname ? `${price.product.name} · ${price.nickname}` : price.product.name;
}

/** What a plan costs per period: `$60.00 per month`. */
function planAmountText(amount: string, price: Price, currency: PaymentCurrency, t: Translate): string {
  const money = formatMoney(amount, currency);
  return price.recurring
    ? t('payment.subscription.changePlan.optionAmount', {
        amount: money,
        period: formatRecurring(price.recurring, t),
      })
    : money;
}

/** A subscription's plan in one line: `Bazaar Club · $30.00 per month` (its name alone without an amount). */
export function describePlan(item: SubscriptionItem, currency: PaymentCurrency, t: Translate): string {
  const unit = unitAmountIn(item.price, currency.id);
  if (unit === null) return planName(item.price);
  return `${planName(item.price)} · ${planAmountText((unit * BigInt(item.quantity)).toString(), item.price, currency, t)}`;
}

export interface PlanOptionListProps {
  /** Names the choice for assistive technology. */
  label: string;
  options: PlanChangeOption[];
  currency: PaymentCurrency;
  selectedPriceId: string | null;
  onSelect: (priceId: string) => void;
}

/** The plans a subscription may move to, one to pick, with what each costs per period. */
export function PlanOptionList({ label, options, currency, selectedPriceId, onSelect }: PlanOptionListProps) {
  const t = useTranslate();
  return (
    <RadioGroup
      aria-label={label}
      value={selectedPriceId ?? ''}
      onChange={(event) => onSelect(event.target.value)}
      sx={{ gap: 1 }}
    >
      {options.map(({ price, amount }) => (
        <FormControlLabel
          key={price.id}
          value={price.id}
          control={<Radio />}
          sx={{
            m: 0,
            pr: 2,
            py: 0.5,
            border: 1,
            borderRadius: 1,
            borderColor: selectedPriceId === price.id ? 'primary.main' : 'divider',
          }}
          label={
            <Stack sx={{ py: 0.5 }}>
              <Typography sx={{ fontWeight: 600 }}>{planName(price)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {planAmountText(amount, price, currency, t)}
              </Typography>
            </Stack>
          }
        />
      ))}
    </RadioGroup>
  );
}
