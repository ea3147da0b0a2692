import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CheckoutSession } from '@bazaar/schemas';
import { formatMoney } from '@bazaar/money';
import { formatRecurring } from '../format/format-recurring.ts';
import { useTranslate } from '../provider/payment-context.ts';
import { linePrice, renewalIn, stakeIn, totalDueIn, type PaymentOption } from './checkout-amounts.ts';

/** The billing period of what renews: the first licensed recurring line's. */
function renewalPeriod(session: CheckoutSession) {
  const recurring = session.line_items
    .map((item) => linePrice(item).recurring)
    .find((candidate) => candidate?.usage_type === 'licensed');
  return recurring ?? null;
}

/**
 * The staking deposit when the method asks one, "Due today" (with the deposit) and, for
 * subscriptions, "Then {amount} {period}": all from the server's figures.
 */
export function SummaryTotals({ session, option }: { session: CheckoutSession; option: PaymentOption }) {
  const t = useTranslate();
  const { currency } = option;
  const stake = stakeIn(session, option);
  const due = totalDueIn(session, option);
  const renewal = renewalIn(session, currency.id);
  const period = renewalPeriod(session);
  return (
    <Stack spacing={0.5}>
      {stake === null ? null : (
        <Stack spacing={0.25} sx={{ pb: 1 }} data-testid="stake">
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography>{t('payment.checkout.summary.stake')}</Typography>
            <Typography sx={{ fontWeight: 600 }}>{formatMoney(stake, currency)}</Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('payment.checkout.summary.stakeHint')}
          </Typography>
        </Stack>
      )}
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
