import { describe, expect, it } from 'vitest';
import { checkCustomAmount, checkTypedAmount, middlePreset } from './custom-amount.ts';

describe('checkCustomAmount', () => {
  it.each([
    [0n, {}, true],
    [-1n, {}, false],
    [10n ** 30n, {}, true],
    [100n, { minimum: 100n, maximum: 200n }, true],
    [200n, { minimum: 100n, maximum: 200n }, true],
    [99n, { minimum: 100n, maximum: 200n }, false],
    [201n, { minimum: 100n, maximum: 200n }, false],
    [5n, { minimum: null, maximum: 5n }, true],
  ])('%i within %o → %s', (amount, range, ok) => {
    expect(checkCustomAmount(amount, range).ok).toBe(ok);
  });

  it('reports the bounds with the failure', () => {
    expect(checkCustomAmount(1n, { minimum: 100n })).toEqual({
      ok: false,
      code: 'amountOutOfRange',
      min: 100n,
      max: null,
    });
    expect(checkCustomAmount(150n, { minimum: 100n })).toEqual({ ok: true, units: 150n });
  });
});

describe('checkTypedAmount', () => {
  const usd = { decimal: 2, maximum_precision: 2 };
  const eth = { decimal: 18, maximum_precision: 18 };

  it.each([
    ['12.5', usd, 1250n],
    ['12.50', usd, 1250n],
    [' 7 ', usd, 700n],
    ['0', usd, 0n],
    ['.5', usd, 50n],
    ['1.', usd, 100n],
    ['0.000000000000000001', eth, 1n],
    ['123456789.123456789012345678', eth, 123456789123456789012345678n],
    ['1.123456', { decimal: 18 }, 1123456000000000000n],
  ])('%s reads as %i units', (token, currency, units) => {
    expect(checkTypedAmount(token, currency)).toEqual({ ok: true, units });
  });

  it.each([
    ['1.234', usd, 2],
    ['0.0000000000000000001', eth, 18],
    ['1.1234567', { decimal: 18 }, 6],
    ['1.1', { decimal: 18, maximum_precision: 0 }, 0],
    // A currency cannot offer more precision than its smallest unit has.
    ['1.001', { decimal: 2, maximum_precision: 6 }, 2],
  ])('%s has too many decimals', (token, currency, maximumPrecision) => {
    expect(checkTypedAmount(token, currency)).toEqual({
      ok: false,
      code: 'amountPrecisionLimit',
      maximumPrecision,
    });
  });

  it.each(['', ' ', 'abc', '1.2.3', '1e5', '1,000', '--1', '.', '0x10', '١٢'])(
    '%j is not an amount',
    (token) => {
      expect(checkTypedAmount(token, usd)).toEqual({ ok: false, code: 'AMOUNT_INVALID' });
    },
  );

  it('checks the bounds after parsing, so a negative amount is out of range', () => {
    expect(checkTypedAmount('-1', usd)).toMatchObject({ ok: false, code: 'amountOutOfRange', min: 0n });
    expect(checkTypedAmount('0.99', usd, { minimum: 100n })).toMatchObject({
      ok: false,
      code: 'amountOutOfRange',
    });
    expect(checkTypedAmount('1', usd, { minimum: 100n, maximum: 100n })).toEqual({ ok: true, units: 100n });
    expect(checkTypedAmount('1000000.000000000000000001', eth, { maximum: 10n ** 24n })).toMatchObject({
      code: 'amountOutOfRange',
      max: 10n ** 24n,
    });
  });
});

describe('middlePreset', () => {
  it.each([
    [[100n, 500n, 1000n], 500n],
    [[100n, 500n], 500n],
    [[700n], 700n],
    [[], null],
  ])('%s → %s', (presets, middle) => {
    expect(middlePreset(presets)).toBe(middle);
  });
});
