import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CheckoutSession, LineItem, PaymentCurrency } from '@bazaar/schemas';
import { formatMoney } from '@bazaar/money';
import { formatRecurring } from '../format/format-recurring.ts';
import { useTranslate } from '../provider/payment-context.ts';
import { lineAmountIn, lineItemProblem, linePrice, unitAmountIn } from './checkout-amounts.ts';

export interface LineItemRowProps {
  item: LineItem;
  session: CheckoutSession;
  currency: PaymentCurrency;
}

/**
 * One product line: image, name, quantity and unit price, line amount with its billing period.
 * A metered line has no amount yet: it shows its price per unit, billed on usage.
 */
export function LineItemRow({ item, session, currency }: LineItemRowProps) {
  const t = useTranslate();
  const price = linePrice(item);
  const { product } = item.price;
  const unit = unitAmountIn(price, currency.id);
  const isMetered = price.recurring?.usage_type === 'metered';
  const period = price.recurring ? formatRecurring(price.recurring, t) : null;
  const problem = lineItemProblem(item);
  const amount =
    isMetered && unit !== null
      ? t('payment.checkout.summary.perUnit', { amount: formatMoney(unit, currency) })
      : formatMoney(lineAmountIn(item, session, currency.id), currency);

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Avatar
        variant="rounded"
        src={product.images[0]}
        alt={product.name}
        sx={{ width: 48, height: 48, bgcolor: 'action.hover', color: 'text.secondary' }}
      >
        {product.name.slice(0, 1)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{product.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('payment.checkout.summary.quantity', { quantity: item.quantity })}
          {unit !== null && item.quantity > 1 && !isMetered
            ? ` · ${t('payment.checkout.summary.each', { amount: formatMoney(unit, currency) })}`
            : ''}
        </Typography>
        {problem ? (
          <Typography variant="body2" color="error" role="alert">
            {t(`payment.error.${problem}`)}
          </Typography>
        ) : null}
      </Box>
      <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap', textAlign: 'right' }}>
        {amount}
        {period ? (
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: 'block', fontWeight: 400 }}
          >
            {isMetered ? `${period} · ${t('payment.checkout.summary.basedOnUsage')}` : period}
          </Typography>
        ) : null}
      </Typography>
    </Stack>
  );
}
