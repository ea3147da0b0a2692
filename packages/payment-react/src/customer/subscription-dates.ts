import type { MessageKey } from '@bazaar/i18n';
import type { Subscription } from '@bazaar/schemas';

export interface SubscriptionDate {
  label: MessageKey;
  /** Unix seconds. */
  at: number;
}

/**
 * The one date a subscriber looks for next: when the trial ends, when the next invoice comes,
 * when a cancelled subscription stops, or when it ended; null when none applies (incomplete, paused).
 */
export function nextSubscriptionDate(subscription: Subscription): SubscriptionDate | null {
  const { status, current_period_end: periodEnd } = subscription;
  if (status === 'canceled' || status === 'incomplete_expired') {
    const at = subscription.ended_at ?? subscription.canceled_at;
    return at === null ? null : { label: 'payment.subscription.endedAt', at };
  }
  if (status === 'incomplete' || status === 'paused') return null;
  if (subscription.cancel_at_period_end) return { label: 'payment.subscription.endsAt', at: periodEnd };
  if (status === 'trialing') {
    return { label: 'payment.subscription.trialEnds', at: subscription.trial_end ?? periodEnd };
  }
  return { label: 'payment.subscription.nextInvoice', at: periodEnd };
}
