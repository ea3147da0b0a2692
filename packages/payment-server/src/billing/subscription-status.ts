import type { SubscriptionStatus } from '@bazaar/schemas';

export { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@bazaar/schemas';

/** What happened to a subscription; the engine asks `transitionSubscription` where that leads. */
export type SubscriptionEvent =
  | { type: 'trial_started' }
  | { type: 'first_payment_succeeded' }
  | { type: 'first_payment_expired' }
  | { type: 'trial_ended' }
  | { type: 'renewal_paid' }
  | { type: 'payment_uncollectible' }
  | { type: 'overdue_paid'; hasOtherOverdue: boolean }
  | { type: 'canceled' }
  | { type: 'paused' }
  | { type: 'resumed' };

/**
 * The status after `event`, or null when the event is not allowed in `status` (the caller
 * refuses the action). Some events keep the status on purpose: a renewal paid while active, or
 * paid while past_due (an older uncollectible invoice still makes it past_due), another invoice
 * going uncollectible while past_due, an overdue invoice paid while active.
 * `transitionSubscription('past_due', { type: 'overdue_paid', hasOtherOverdue: false })` → 'active'.
 */
export function transitionSubscription(
  status: SubscriptionStatus,
  event: SubscriptionEvent,
): SubscriptionStatus | null {
  switch (status) {
    case 'incomplete':
      if (event.type === 'first_payment_succeeded') return 'active';
      if (event.type === 'trial_started') return 'trialing';
      if (event.type === 'first_payment_expired') return 'incomplete_expired';
      return null;
    case 'trialing':
      if (event.type === 'trial_ended' || event.type === 'renewal_paid') return 'active';
      if (event.type === 'payment_uncollectible') return 'past_due';
      if (event.type === 'canceled') return 'canceled';
      return null;
    case 'active':
      if (event.type === 'renewal_paid' || event.type === 'overdue_paid') return 'active';
      if (event.type === 'payment_uncollectible') return 'past_due';
      if (event.type === 'canceled') return 'canceled';
      if (event.type === 'paused') return 'paused';
      return null;
    case 'past_due':
      if (event.type === 'overdue_paid') return event.hasOtherOverdue ? 'past_due' : 'active';
      if (event.type === 'renewal_paid' || event.type === 'payment_uncollectible') return 'past_due';
      if (event.type === 'canceled') return 'canceled';
      return null;
    case 'paused':
      if (event.type === 'resumed') return 'active';
      if (event.type === 'canceled') return 'canceled';
      return null;
    case 'incomplete_expired':
    case 'canceled':
      return null;
  }
}

/** Statuses that renew at period end (a past_due subscription keeps billing while it owes). */
export function isBillable(status: SubscriptionStatus): boolean {
  return status === 'trialing' || status === 'active' || status === 'past_due';
}

/** Terminal statuses: nothing moves them again. */
export function isEnded(status: SubscriptionStatus): boolean {
  return status === 'canceled' || status === 'incomplete_expired';
}
