import { describe, expect, it } from 'vitest';
import { ABT, USD, makePrice } from '../test-utils/checkout-builders.ts';
import { customAmountTermsIn, randomAmount } from './custom-amount.ts';

describe('custom amounts', () => {
  it('reads sorted presets and bounds in the chosen currency', () => {
    const price = makePrice({
      unit_amount: null,
      custom_unit_amount: { preset: null, presets: ['1000', '100', '500'], minimum: '100', maximum: null },
    });
    expect(customAmountTermsIn(price, USD.id)).toEqual({
      presets: [100n, 500n, 1000n],
      minimum: 100n,
      maximum: null,
    });
    expect(customAmountTermsIn(price, ABT.id)).toBeNull();
  });

  it('picks at random between the smallest and the middle', () => {
    expect(randomAmount([100n, 500n, 1000n], USD, 0)).toBe(100n);
    expect(randomAmount([100n, 500n, 1000n], USD, 0.999_999)).toBe(500n);
    expect(randomAmount([100n, 500n, 1000n], USD, 0.5)).toBe(300n);
    const abt = randomAmount([10n ** 18n, 5n * 10n ** 18n], ABT, 0.3)!;
    expect(abt % 10n ** 12n).toBe(0n);
  });
});
