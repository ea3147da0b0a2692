import { describe, expect, it } from 'vitest';
import { makeCheckout } from '../test-utils/checkout-builders.ts';
import { cardPurpose } from './card-purpose.ts';

const subscription = (applies: boolean) =>
  makeCheckout({
    mode: 'subscription',
    trial: { applies, trial_period_days: 7, trial_end: null },
  }).checkoutSession;

describe('cardPurpose', () => {
  it('pays a payment intent, starts a trial or saves the card for a setup', () => {
    expect(cardPurpose('payment_intent', subscription(true))).toBe('pay');
    expect(cardPurpose(undefined, subscription(true))).toBe('pay');
    expect(cardPurpose('setup_intent', subscription(true))).toBe('startTrial');
    expect(cardPurpose('setup_intent', subscription(false))).toBe('saveCard');
  });
});
