import type { RecurringInterval } from '@bazaar/money';

/** How many of each interval a (365-day, 52-week) year holds. */
const INTERVALS_PER_YEAR: Record<RecurringInterval, bigint> = {
  year: 1n,
  month: 12n,
  week: 52n,
  day: 365n,
  hour: 8_760n,
  minute: 525_600n,
};

/**
 * What `amount` billed every `intervalCount` `interval`s brings in per month: the amount times
 * the intervals in a year, divided by twelve months times the count, in one exact bigint
 * division rounded down (toward zero), so no share of a unit is ever counted twice:
 * 9999 a year → 833 a month; 1000 a week → 1000 × 52 / 12 = 4333; 999 every 3 months → 333.
 */
export function monthlyAmount(amount: bigint, interval: RecurringInterval, intervalCount: number): bigint {
  return (amount * INTERVALS_PER_YEAR[interval]) / (12n * BigInt(intervalCount));
}
