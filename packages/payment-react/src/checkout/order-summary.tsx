import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaymentCurrency, StartCheckoutResponse } from '@bazaar/schemas';
import { formatMoney } from '../format/format-money.ts';
import { TestModeBadge } from '../primitives/test-mode-badge.tsx';
import { useTranslate } from '../provider/payment-context.ts';
import { totalDueIn } from './checkout-amounts.ts';
import { LineItemRow } from './line-item-row.tsx';

export interface OrderSummaryProps {
  checkout: StartCheckoutResponse;
  currency: PaymentCurrency;
}

/** What the payer is buying and what it costs, in the chosen currency. */
export function OrderSummary({ checkout, currency }: OrderSummaryProps) {
  const t = useTranslate();
  const session = checkout.checkoutSession;
  const items = session.line_items;
  const total = formatMoney(totalDueIn(items, currency.id), currency);
  const payee = checkout.paymentLink?.name || items[0]?.price.product.name || '';

  return (
    <Stack spacing={3} aria-label={t('payment.checkout.summary.title')}>
      <Stack spacing={1}>
        {/* The badge shares the payee's line, so the summary is as tall in test mode as in live mode
            and the skeleton (which cannot know the mode yet) matches both. */}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography color="text.secondary" sx={{ fontWeight: 500 }}>
            {t('payment.checkout.summary.payTo', { name: payee })}
          </Typography>
          {session.livemode ? null : <TestModeBadge />}
        </Stack>
        <Typography component="p" variant="h4" sx={{ fontWeight: 700, letterSpacing: '-0.02em' }}>
          {total}
        </Typography>
      </Stack>
      <Stack spacing={2} divider={<Divider flexItem />}>
        {items.map((item) => (
          <LineItemRow key={item.price_id} item={item} currency={currency} />
        ))}
      </Stack>
      <Divider />
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 600 }}>{t('payment.checkout.summary.totalDue')}</Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="total-due">
          {total}
        </Typography>
      </Stack>
    </Stack>
  );
}
