import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaymentCurrency, SubscriptionItem } from '@bazaar/schemas';
import { unitAmountIn } from '../checkout/checkout-amounts.ts';
import { formatMoney } from '@bazaar/money';
import { formatRecurring } from '../format/format-recurring.ts';
import { useTranslate } from '../provider/payment-context.ts';

/** The plan: each item's product, quantity, price and billing period, in the subscription's currency. */
export function SubscriptionItems({
  items,
  currency,
}: {
  items: SubscriptionItem[];
  currency: PaymentCurrency;
}) {
  return (
    <Stack spacing={1.5} divider={<Divider flexItem />}>
      {items.map((item) => (
        <SubscriptionItemRow key={item.id} item={item} currency={currency} />
      ))}
    </Stack>
  );
}

/** A metered item has no amount of its own: it shows its price per unit, billed on usage. */
function SubscriptionItemRow({ item, currency }: { item: SubscriptionItem; currency: PaymentCurrency }) {
  const t = useTranslate();
  const { price, quantity } = item;
  const unit = unitAmountIn(price, currency.id);
  const isMetered = price.recurring?.usage_type === 'metered';
  const period = price.recurring ? formatRecurring(price.recurring, t) : null;
  const amount =
    unit === null
      ? null
      : isMetered
        ? t('payment.checkout.summary.perUnit', { amount: formatMoney(unit, currency) })
        : formatMoney(unit * BigInt(quantity), currency);

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Avatar
        variant="rounded"
        src={price.product.images[0]}
        alt=""
        sx={{ width: 40, height: 40, bgcolor: 'action.hover', color: 'text.secondary' }}
      >
        {price.product.name.slice(0, 1)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{price.product.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('payment.checkout.summary.quantity', { quantity })}
          {unit !== null && quantity > 1 && !isMetered
            ? ` · ${t('payment.checkout.summary.each', { amount: formatMoney(unit, currency) })}`
            : ''}
        </Typography>
      </Box>
      <Box sx={{ textAlign: 'right' }}>
        {amount ? <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{amount}</Typography> : null}
        {period ? (
          <Typography variant="body2" color="text.secondary">
            {isMetered ? `${period} · ${t('payment.checkout.summary.basedOnUsage')}` : period}
          </Typography>
        ) : null}
      </Box>
    </Stack>
  );
}
