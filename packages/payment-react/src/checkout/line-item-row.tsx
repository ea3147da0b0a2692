import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LineItem, PaymentCurrency } from '@bazaar/schemas';
import { formatMoney } from '../format/format-money.ts';
import { formatRecurring } from '../format/format-recurring.ts';
import { useTranslate } from '../provider/payment-context.ts';
import { lineAmountIn, lineItemProblem, unitAmountIn } from './checkout-amounts.ts';

export interface LineItemRowProps {
  item: LineItem;
  currency: PaymentCurrency;
}

/** One product line: image, name, quantity and unit price, line amount with its billing period. */
export function LineItemRow({ item, currency }: LineItemRowProps) {
  const t = useTranslate();
  const { product, recurring } = item.price;
  const unit = unitAmountIn(item.price, currency.id);
  const period = recurring ? ` ${formatRecurring(recurring, t)}` : '';
  const problem = lineItemProblem(item);

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
          {unit !== null && item.quantity > 1
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
        {formatMoney(lineAmountIn(item, currency.id), currency)}
        {period ? (
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: 'block', fontWeight: 400 }}
          >
            {period.trim()}
          </Typography>
        ) : null}
      </Typography>
    </Stack>
  );
}
