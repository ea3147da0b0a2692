import { describe, expect, it } from 'vitest';
import { makeSubscription } from '../test-utils/subscription-builders.ts';
import { subscriptionActions } from './subscription-action-list.ts';

describe('subscriptionActions', () => {
  it.each([
    ['active', {}, ['changePlan', 'changeCard', 'cancel']],
    ['trialing', {}, ['changePlan', 'changeCard', 'cancel']],
    ['past_due', {}, ['changeCard', 'cancel']],
    ['active', { cancel_at_period_end: true }, ['resume', 'changeCard']],
    ['active', { payment_card: null }, ['changePlan', 'cancel']],
    ['active', { cancel_at_period_end: true, payment_card: null }, ['resume']],
    ['canceled', {}, []],
    ['incomplete', {}, []],
    ['incomplete_expired', {}, []],
    ['paused', {}, []],
  ] as const)('offers a %s subscription %o: %o', (status, overrides, expected) => {
    expect(subscriptionActions(makeSubscription({ status, ...overrides }))).toEqual(expected);
  });
});
