import type { Subscription } from '@bazaar/schemas';

export type SubscriptionAction = 'changePlan' | 'resume' | 'cancelAtPeriodEnd' | 'cancelNow';

/**
 * What an admin may do with a subscription now, in the order the buttons show, as the server
 * allows it: a pending cancellation can be resumed; active and trialing ones change plan unless
 * they are ending; a paid period can end at its end (a trial ends at once, so only now);
 * anything not ended yet can end now.
 */
export function subscriptionActions(subscription: Subscription): SubscriptionAction[] {
  const { status, cancel_at_period_end: isEnding } = subscription;
  const actions: SubscriptionAction[] = [];
  if (isEnding) actions.push('resume');
  if (!isEnding && (status === 'active' || status === 'trialing')) actions.push('changePlan');
  if (!isEnding && (status === 'active' || status === 'past_due')) actions.push('cancelAtPeriodEnd');
  if (status === 'trialing' || status === 'active' || status === 'past_due' || status === 'paused') {
    actions.push('cancelNow');
  }
  return actions;
}
