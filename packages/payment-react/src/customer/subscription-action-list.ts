import type { Subscription } from '@bazaar/schemas';

export type SubscriptionAction = 'resume' | 'changePlan' | 'changeCard' | 'cancel';

/**
 * What the customer may do with a subscription now, in the order the buttons show: a pending
 * cancellation can be resumed; active and trialing ones change plan; a saved card can be
 * replaced until the subscription ends; anything billable can be canceled.
 */
export function subscriptionActions(subscription: Subscription): SubscriptionAction[] {
  const { status } = subscription;
  const isBillable = status === 'active' || status === 'trialing' || status === 'past_due';
  if (!isBillable) return [];
  const canChangeCard = subscription.payment_card !== null;
  if (subscription.cancel_at_period_end) return canChangeCard ? ['resume', 'changeCard'] : ['resume'];
  return [
    ...(status === 'past_due' ? [] : (['changePlan'] as const)),
    ...(canChangeCard ? (['changeCard'] as const) : []),
    'cancel' as const,
  ];
}
