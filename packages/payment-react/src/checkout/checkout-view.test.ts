import { describe, expect, it } from 'vitest';
import { createTranslator } from '@bazaar/i18n';
import { ApiError } from '../api/api-error.ts';
import { makeCheckout } from '../test-utils/checkout-builders.ts';
import { isCheckoutPaid, resolveCheckoutView } from './checkout-view.ts';

const t = createTranslator('en');
const NOW = 1_800_000_000;
const ready = { error: null, isReady: true, nowSeconds: NOW };

describe('resolveCheckoutView', () => {
  it.each([
    ['loading while the answer is out', { ...ready, checkout: undefined }, 'loading'],
    [
      'loading until the minimum time has passed',
      { ...ready, isReady: false, checkout: makeCheckout() },
      'loading',
    ],
    [
      'error before anything else',
      { ...ready, error: new ApiError(404, 'NOT_FOUND', 'Gone'), checkout: makeCheckout() },
      'error',
    ],
    ['expired at expires_at', { ...ready, checkout: makeCheckout({ expires_at: NOW }) }, 'expired'],
    ['expired by status', { ...ready, checkout: makeCheckout({ status: 'expired' }) }, 'expired'],
    [
      'completed even after expiry',
      { ...ready, checkout: makeCheckout({ status: 'complete', expires_at: 1 }) },
      'completed',
    ],
    ['empty without line items', { ...ready, checkout: makeCheckout({ line_items: [] }) }, 'empty'],
    ['the form otherwise', { ...ready, checkout: makeCheckout({ expires_at: NOW + 1 }) }, 'form'],
  ] as const)('%s', (_name, input, kind) => {
    expect(resolveCheckoutView(input, t).kind).toBe(kind);
  });

  it('carries the extracted error text', () => {
    expect(
      resolveCheckoutView(
        { ...ready, checkout: undefined, error: new ApiError(404, 'NOT_FOUND', 'Gone') },
        t,
      ),
    ).toEqual({
      kind: 'error',
      message: 'We could not find what you are looking for.',
    });
  });
});

describe('isCheckoutPaid', () => {
  it.each([
    ['complete', 'paid', true],
    ['complete', 'no_payment_required', true],
    ['complete', 'unpaid', false],
    ['open', 'paid', false],
  ] as const)('%s / %s → %s', (status, paymentStatus, paid) => {
    expect(isCheckoutPaid(makeCheckout({ status, payment_status: paymentStatus }))).toBe(paid);
  });
});
