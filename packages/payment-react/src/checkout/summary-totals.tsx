import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CheckoutSession, PaymentCurrency } from '@bazaar/schemas';
import { formatMoney } from '../format/format-money.ts';
import { formatRecurring } from '../format/format-recurring.ts';
import { useTranslate } from '../provider/payment-context.ts';
import { amountDueIn, linePrice, renewalIn } from './checkout-amounts.ts';

/** The billing period of what renews: the first licensed recurring line's. */
function renewalPeriod(session: CheckoutSession) {
  const recurring = session.line_items
    .map((item) => linePrice(item).recurring)
    .find((candidate) => candidate?.usage_type === 'licensed');
  return recurring ?? null;
}

/** "Due today" and, for subscriptions, "Then {amount} {period}": both the server's figures. */
export function SummaryTotals({
  session,
  currency,
}: {
  session: CheckoutSession;
  currency: PaymentCurrency;
}) {
  const t = useTranslate();
  const due = amountDueIn(session, currency.id);
  const renewal = renewalIn(session, currency.id);
  const period = renewalPeriod(session);
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 600 }}>{t('payment.checkout.summary.dueToday')}</Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="total-due">
          {due === null ? '—' : formatMoney(due, currency)}
        </Typography>
      </Stack>
      {renewal !== null && renewal > 0n && period ? (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }} data-testid="renewal">
          {t('payment.checkout.summary.then', {
            amount: formatMoney(renewal, currency),
            recurring: formatRecurring(period, t),
          })}
        </Typography>
      ) : null}
    </Stack>
  );
}
