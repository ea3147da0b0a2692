import { describe, expect, it } from 'vitest';
import { makeSubscription, SUBSCRIBED_AT } from '../test-utils/subscription-builders.ts';
import { nextSubscriptionDate } from './subscription-dates.ts';

const DAY = 86_400;
const periodEnd = SUBSCRIBED_AT + 30 * DAY;

describe('nextSubscriptionDate', () => {
  it('names the trial end, the next invoice, a pending cancellation or the end', () => {
    expect(nextSubscriptionDate(makeSubscription())).toEqual({
      label: 'payment.subscription.trialEnds',
      at: SUBSCRIBED_AT + 7 * DAY,
    });
    const active = makeSubscription({ status: 'active', current_period_end: periodEnd, trial_end: null });
    expect(nextSubscriptionDate(active)).toEqual({
      label: 'payment.subscription.nextInvoice',
      at: periodEnd,
    });
    expect(nextSubscriptionDate({ ...active, status: 'past_due' })?.label).toBe(
      'payment.subscription.nextInvoice',
    );
    expect(nextSubscriptionDate({ ...active, cancel_at_period_end: true })).toEqual({
      label: 'payment.subscription.endsAt',
      at: periodEnd,
    });
    const ended = { ...active, status: 'canceled' as const, canceled_at: 5, ended_at: 9 };
    expect(nextSubscriptionDate(ended)).toEqual({ label: 'payment.subscription.endedAt', at: 9 });
    expect(nextSubscriptionDate({ ...ended, ended_at: null })?.at).toBe(5);
  });

  it('has no date for an incomplete or paused subscription', () => {
    expect(nextSubscriptionDate(makeSubscription({ status: 'incomplete' }))).toBeNull();
    expect(nextSubscriptionDate(makeSubscription({ status: 'paused' }))).toBeNull();
  });
});
