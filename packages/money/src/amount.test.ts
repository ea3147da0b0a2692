import { describe, expect, it } from 'vitest';
import { AmountError, countDecimals, formatAmount, parseAmount, sumAmounts, toUnits } from './amount.ts';

describe('parseAmount', () => {
  it.each([
    ['12.5', 2, 1250n],
    ['0.01', 2, 1n],
    ['7', 0, 7n],
    ['1.000001', 6, 1_000_001n],
    ['0.000000000000000001', 18, 1n],
    ['123456789.123456789123456789', 18, 123456789123456789123456789n],
    ['-3.25', 2, -325n],
    ['.5', 2, 50n],
    ['5.', 2, 500n],
  ])('reads %s with %i decimals as %s', (token, decimals, units) => {
    expect(parseAmount(token, decimals)).toBe(units);
  });

  it('rejects more decimals than the currency has', () => {
    expect(() => parseAmount('1.001', 2)).toThrowError(AmountError);
    expect(() => parseAmount('1.5', 0)).toThrowError(/more than 0 decimal places/);
    try {
      parseAmount('0.0000001', 6);
    } catch (error) {
      expect((error as AmountError).code).toBe('AMOUNT_TOO_PRECISE');
    }
  });

  it.each(['', '.', 'abc', '1.2.3', '1e5', '--1', '1,000'])('rejects %j', (token) => {
    expect(() => parseAmount(token, 2)).toThrowError(AmountError);
  });
});

describe('formatAmount', () => {
  it.each([
    [1250n, 2, '12.5'],
    ['1', 2, '0.01'],
    ['0', 2, '0'],
    [7n, 0, '7'],
    [1_000_001n, 6, '1.000001'],
    [1n, 18, '0.000000000000000001'],
    [123456789123456789123456789n, 18, '123456789.123456789123456789'],
    [-325n, 2, '-3.25'],
  ])('writes %s with %i decimals as %s', (units, decimals, token) => {
    expect(formatAmount(units, decimals)).toBe(token);
  });

  it('round-trips with parseAmount at 0, 2, 6 and 18 decimals', () => {
    for (const decimals of [0, 2, 6, 18]) {
      for (const units of [0n, 1n, 99n, 100n, 10n ** 20n + 7n]) {
        expect(parseAmount(formatAmount(units, decimals), decimals)).toBe(units);
      }
    }
  });

  it('cuts to a display precision and groups thousands', () => {
    expect(formatAmount(1_234_567_891_234_567_890n, 18, { precision: 6 })).toBe('1.234567');
    expect(formatAmount('123456789', 2, { grouped: true })).toBe('1,234,567.89');
    expect(formatAmount(1n, 18, { precision: 6 })).toBe('0');
    expect(formatAmount(-1n, 18, { precision: 6 })).toBe('0');
  });

  it('refuses amounts that are not integers', () => {
    expect(() => formatAmount('12.5', 2)).toThrowError(AmountError);
    expect(() => toUnits('1e3')).toThrowError(AmountError);
  });
});

describe('helpers', () => {
  it('counts typed decimals and sums bigints', () => {
    expect(countDecimals('1.250')).toBe(3);
    expect(countDecimals('10')).toBe(0);
    expect(sumAmounts([1n, 2n, 10n ** 18n])).toBe(10n ** 18n + 3n);
  });
});
