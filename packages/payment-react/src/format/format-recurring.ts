import type { MessageKey, Translate } from '@bazaar/i18n';
import type { Price } from '@bazaar/schemas';

type Recurring = NonNullable<Price['recurring']>;

/**
 * The billing period in words: `per month`, `every 3 months`, `每 6 个月`.
 * Every interval has its own key so each language can phrase it naturally.
 */
export function formatRecurring(recurring: Recurring, t: Translate): string {
  const { interval, interval_count: count } = recurring;
  if (count === 1) return t(`payment.checkout.recurring.per.${interval}` satisfies MessageKey);
  return t(`payment.checkout.recurring.every.${interval}` satisfies MessageKey, { count });
}

/** The period as an adjective, for "Save with yearly billing": `yearly`, `every 3 months`, `按年`. */
export function formatRecurringAdjective(recurring: Recurring, t: Translate): string {
  if (recurring.interval_count !== 1) return formatRecurring(recurring, t);
  return t(`payment.checkout.recurring.adjective.${recurring.interval}` satisfies MessageKey);
}
