import type { Translate } from '@bazaar/i18n';
import { formatMoney, formatRecurring } from '@bazaar/payment-react';
import { planName, unitAmountIn } from '@bazaar/payment-react/customer';
import type { Subscription } from '@bazaar/schemas';

/** What it subscribes to in a few words: `Bazaar Club × 3, Support`. */
export function describeItems(subscription: Subscription): string {
  return subscription.items
    .map((item) => (item.quantity > 1 ? `${planName(item.price)} × ${item.quantity}` : planName(item.price)))
    .join(', ');
}

/**
 * What it bills each period, in its currency: `$29.97 per month`, `$10.00 per month + usage`, or
 * that it bills usage only. Null when a licensed item has no fixed unit amount (tiers), which
 * only the server prices.
 */
export function describePeriodAmount(subscription: Subscription, t: Translate): string | null {
  const { items, currency } = subscription;
  const recurring = items[0]?.price.recurring;
  if (!recurring) return null;
  const isMetered = (item: (typeof items)[number]) => item.price.recurring?.usage_type === 'metered';
  const licensed = items.filter((item) => !isMetered(item));
  if (licensed.length === 0) return t('payment.admin.subscriptions.usageOnly');
  let total = 0n;
  for (const item of licensed) {
    const unit = unitAmountIn(item.price, currency.id);
    if (unit === null) return null;
    total += unit * BigInt(item.quantity);
  }
  const amount = t('payment.subscription.changePlan.optionAmount', {
    amount: formatMoney(total, currency),
    period: formatRecurring(recurring, t),
  });
  return licensed.length < items.length ? t('payment.admin.subscriptions.plusUsage', { amount }) : amount;
}
