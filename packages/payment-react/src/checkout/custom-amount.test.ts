import { describe, expect, it } from 'vitest';
import { ABT, USD, makePrice } from '../test-utils/checkout-builders.ts';
import { checkTypedAmount, customAmountTermsIn, middlePreset, randomAmount } from './custom-amount.ts';

const usdTerms = { minimum: 100n, maximum: 100_000n };

describe('custom amounts', () => {
  it.each([
    ['12.5', { ok: true, units: 1250n }],
    ['1', { ok: true, units: 100n }],
    ['1000', { ok: true, units: 100_000n }],
    ['0.99', { ok: false, code: 'amountOutOfRange', min: 100n, max: 100_000n }],
    ['1000.01', { ok: false, code: 'amountOutOfRange', min: 100n, max: 100_000n }],
    ['-5', { ok: false, code: 'amountOutOfRange', min: 100n, max: 100_000n }],
    ['5.555', { ok: false, code: 'amountPrecisionLimit', maximumPrecision: 2 }],
    ['abc', { ok: false, code: 'AMOUNT_INVALID' }],
    ['', { ok: false, code: 'AMOUNT_INVALID' }],
    ['1.2.3', { ok: false, code: 'AMOUNT_INVALID' }],
  ])('USD %s → %o', (token, result) => {
    expect(checkTypedAmount(token, USD, usdTerms)).toEqual(result);
  });

  it('allows an 18-decimal token only its maximum_precision', () => {
    expect(checkTypedAmount('0.123456', ABT, { minimum: 0n, maximum: null })).toEqual({
      ok: true,
      units: 123_456_000_000_000_000n,
    });
    expect(checkTypedAmount('0.1234567', ABT, { minimum: 0n, maximum: null })).toMatchObject({
      code: 'amountPrecisionLimit',
      maximumPrecision: 6,
    });
  });

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

  it('starts at the middle preset and picks at random between the smallest and the middle', () => {
    expect(middlePreset([100n, 500n, 1000n])).toBe(500n);
    expect(middlePreset([100n, 500n, 1000n, 2000n])).toBe(500n);
    expect(middlePreset([])).toBeNull();
    expect(randomAmount([100n, 500n, 1000n], USD, 0)).toBe(100n);
    expect(randomAmount([100n, 500n, 1000n], USD, 0.999_999)).toBe(500n);
    expect(randomAmount([100n, 500n, 1000n], USD, 0.5)).toBe(300n);
    const abt = randomAmount([10n ** 18n, 5n * 10n ** 18n], ABT, 0.3)!;
    expect(abt % 10n ** 12n).toBe(0n);
  });
});
