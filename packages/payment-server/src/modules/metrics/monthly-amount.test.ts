import { describe, expect, it } from 'vitest';
import { monthlyAmount } from './monthly-amount.ts';

describe('monthlyAmount', () => {
  it.each([
    // amount, interval, count, per month
    [999n, 'month', 1, 999n],
    [999n, 'month', 3, 333n],
    [9999n, 'year', 1, 833n],
    [1000n, 'week', 1, 4333n],
    [1000n, 'week', 2, 2166n],
    [100n, 'day', 1, 3041n],
    [1n, 'hour', 1, 730n],
    [0n, 'year', 1, 0n],
    // 18 decimals: 1.2 tokens a year is exactly 0.1 a month.
    [1_200_000_000_000_000_000n, 'year', 1, 100_000_000_000_000_000n],
    [10n ** 30n + 11n, 'year', 1, (10n ** 30n + 11n) / 12n],
  ] as const)('%s every %s × %s is %s a month, rounded down', (amount, interval, count, expected) => {
    expect(monthlyAmount(amount, interval, count)).toBe(expected);
  });
});
