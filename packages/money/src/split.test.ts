import { describe, expect, it } from 'vitest';
import { BASIS_POINTS_WHOLE, equalShares, splitAmount } from './split.ts';

describe('equalShares', () => {
  it.each([
    [1, [10_000]],
    [2, [5_000, 5_000]],
    [3, [3_334, 3_333, 3_333]],
    [7, [1_429, 1_429, 1_429, 1_429, 1_428, 1_428, 1_428]],
  ])('cuts a whole into %i', (count, shares) => {
    expect(equalShares(count)).toEqual(shares);
    expect(shares.reduce((sum, share) => sum + share, 0)).toBe(BASIS_POINTS_WHOLE);
  });
});

describe('splitAmount', () => {
  it.each([
    // 0 decimals: 7 units three ways, the leftover unit to the first.
    [7n, [3_334, 3_333, 3_333], [3n, 2n, 2n]],
    // 2 decimals: $5.00 at 70 / 30.
    [500n, [7_000, 3_000], [350n, 150n]],
    // 2 decimals: $0.01 cannot be split, the first takes it.
    [1n, [5_000, 5_000], [1n, 0n]],
    // 6 decimals: 1.000001 in halves.
    [1_000_001n, [5_000, 5_000], [500_001n, 500_000n]],
    // 18 decimals: 10 tokens three ways, exact to the last wei.
    [
      10n * 10n ** 18n,
      [3_334, 3_333, 3_333],
      [3_334_000_000_000_000_000n, 3_333_000_000_000_000_000n, 3_333_000_000_000_000_000n],
    ],
    [0n, [2_500, 7_500], [0n, 0n]],
  ])('splits %s by %j', (total, shares, parts) => {
    const split = splitAmount(total, shares);
    expect(split).toEqual(parts);
    expect(split.reduce((sum, part) => sum + part, 0n)).toBe(total);
  });
});
