import type { RecurringInterval } from '@bazaar/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makePricingPrice, makeRecurringPrice } from './make-pricing-price.ts';
import { PricingError } from './pricing-error.ts';
import { savingsPercent } from './upsell-savings.ts';

const DAY = 86_400n;
const PERIOD: Record<RecurringInterval, bigint> = {
  minute: 60n,
  hour: 3_600n,
  day: DAY,
  week: 7n * DAY,
  month: 30n * DAY,
  year: 365n * DAY,
};

describe('savingsPercent', () => {
  it('10.00 a month against 100.00 a year saves 17.8 %, shown as 18', () => {
    expect(
      savingsPercent(makeRecurringPrice(1000n, 'month'), makeRecurringPrice(10_000n, 'year'), 'usd'),
    ).toBe(18);
  });

  it.each<[string, bigint, RecurringInterval, number, bigint, RecurringInterval, number, number]>([
    // Every interval with interval_count > 1 on at least one side, so a count that is ignored
    // or applied to the wrong side changes the figure.
    ['minute', 100n, 'minute', 1, 1000n, 'minute', 10, 0],
    ['minute ×5', 100n, 'minute', 5, 600n, 'hour', 1, 50],
    ['hour ×2', 200n, 'hour', 2, 2400n, 'day', 1, 0],
    ['hour ×6 vs hour ×12', 600n, 'hour', 6, 600n, 'hour', 12, 50],
    ['day ×7 = week', 700n, 'day', 7, 350n, 'week', 1, 50],
    ['week ×2', 1400n, 'week', 2, 3000n, 'month', 1, 0],
    ['month ×3', 3000n, 'month', 3, 6000n, 'month', 6, 0],
    ['month ×6', 6000n, 'month', 6, 6000n, 'year', 1, 51],
    ['year ×2', 20_000n, 'year', 2, 15_000n, 'year', 3, 50],
  ])('%s', (_name, fromAmount, fromInterval, fromCount, toAmount, toInterval, toCount, percent) => {
    const from = makeRecurringPrice(fromAmount, fromInterval, fromCount);
    const to = makeRecurringPrice(toAmount, toInterval, toCount);
    expect(savingsPercent(from, to, 'usd')).toBe(percent);
  });

  it('rounds half up', () => {
    // A week at 1000/day is 7000: 6965 saves exactly 0.5 % (→ 1), 6966 saves 0.486 % (→ 0).
    expect(savingsPercent(makeRecurringPrice(1000n, 'day'), makeRecurringPrice(6965n, 'week'), 'usd')).toBe(
      1,
    );
    expect(savingsPercent(makeRecurringPrice(1000n, 'day'), makeRecurringPrice(6966n, 'week'), 'usd')).toBe(
      0,
    );
    expect(savingsPercent(makeRecurringPrice(200n, 'day'), makeRecurringPrice(1n, 'day'), 'usd')).toBe(100);
    expect(savingsPercent(makeRecurringPrice(200n, 'day'), makeRecurringPrice(3n, 'day'), 'usd')).toBe(99);
  });

  it('compares against the longer interval whichever side it is on', () => {
    // Downsell from 100.00/year to 10.00/month: the monthly plan costs more over a year.
    expect(
      savingsPercent(makeRecurringPrice(10_000n, 'year'), makeRecurringPrice(1000n, 'month'), 'usd'),
    ).toBe(0);
    expect(
      savingsPercent(makeRecurringPrice(20_000n, 'year'), makeRecurringPrice(1000n, 'month'), 'usd'),
    ).toBe(39);
  });

  it('never goes negative and is 0 from a free price', () => {
    expect(
      savingsPercent(makeRecurringPrice(1000n, 'month'), makeRecurringPrice(20_000n, 'year'), 'usd'),
    ).toBe(0);
    expect(savingsPercent(makeRecurringPrice(0n, 'month'), makeRecurringPrice(0n, 'year'), 'usd')).toBe(0);
    expect(savingsPercent(makeRecurringPrice(1000n, 'month'), makeRecurringPrice(0n, 'year'), 'usd')).toBe(
      100,
    );
  });

  it('reads the prices in the chosen currency, 18 decimals exact', () => {
    const option = (amount: bigint) => [
      { currency_id: 'eth', unit_amount: amount, custom_unit_amount: null, tiers: null },
    ];
    const from = makeRecurringPrice(1000n, 'month', 1, 'licensed', { currency_options: option(10n ** 18n) });
    const to = makeRecurringPrice(10_000n, 'year', 1, 'licensed', {
      currency_options: option(6n * 10n ** 18n),
    });
    // before = 1 × 365/30 = 12.1666…, after 6 → 50.68 % → 51.
    expect(savingsPercent(from, to, 'eth')).toBe(51);
    expect(savingsPercent(from, to, 'usd')).toBe(18);
  });

  it('refuses a price without a billing period', () => {
    expect(() => savingsPercent(makePricingPrice(), makeRecurringPrice(1000n, 'year'), 'usd')).toThrow(
      PricingError,
    );
  });
});

/** A non-negative fraction n/d on bigints. */
interface Fraction {
  n: bigint;
  d: bigint;
}

/** Reference: the spec's steps literally, on fractions; rounding by searching for the nearest integer. */
function referenceSavings(
  fromAmount: bigint,
  fromPeriod: bigint,
  toAmount: bigint,
  toPeriod: bigint,
): number {
  const longer = fromPeriod > toPeriod ? fromPeriod : toPeriod;
  const before: Fraction = { n: fromAmount * longer, d: fromPeriod };
  const after: Fraction = { n: toAmount * longer, d: toPeriod };
  if (before.n === 0n) return 0;
  // percent = (before − after) / before × 100
  const difference: Fraction = { n: before.n * after.d - after.n * before.d, d: before.d * after.d };
  const percent: Fraction = { n: difference.n * 100n * before.d, d: difference.d * before.n };
  if (percent.n <= 0n) return 0;
  // The answer k satisfies k − ½ ≤ percent < k + ½.
  let k = 0n;
  while (2n * percent.n >= (2n * k + 1n) * percent.d) k += 1n;
  return Number(k);
}

describe('savingsPercent against the spec on fractions', () => {
  const intervals = Object.keys(PERIOD) as RecurringInterval[];
  const side = fc.record({
    amount: fc.bigInt({ min: 0n, max: 10n ** 22n }),
    interval: fc.constantFrom(...intervals),
    count: fc.integer({ min: 1, max: 24 }),
  });

  it('agrees for any two recurring prices', () => {
    fc.assert(
      fc.property(side, side, (from, to) => {
        const expected = referenceSavings(
          from.amount,
          PERIOD[from.interval] * BigInt(from.count),
          to.amount,
          PERIOD[to.interval] * BigInt(to.count),
        );
        const actual = savingsPercent(
          makeRecurringPrice(from.amount, from.interval, from.count),
          makeRecurringPrice(to.amount, to.interval, to.count),
          'usd',
        );
        expect(actual).toBe(expected);
        expect(actual).toBeGreaterThanOrEqual(0);
        expect(actual).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('scales: a target priced at the same rate saves 0 %', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        fc.integer({ min: 1, max: 12 }),
        (monthly, months) => {
          const from = makeRecurringPrice(monthly, 'month');
          expect(
            savingsPercent(from, makeRecurringPrice(monthly * BigInt(months), 'month', months), 'usd'),
          ).toBe(0);
        },
      ),
    );
  });
});
