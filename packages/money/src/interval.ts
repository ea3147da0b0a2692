/** Billing intervals and their lengths, as the spec's upsell-savings rule counts them. */
export const RECURRING_INTERVALS = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];

const SECONDS_PER_INTERVAL: Record<RecurringInterval, number> = {
  minute: 60,
  hour: 3_600,
  day: 86_400,
  week: 7 * 86_400,
  // A month counts 30 days and a year 365 for comparing prices, not for calendars.
  month: 30 * 86_400,
  year: 365 * 86_400,
};

export function isRecurringInterval(value: string): value is RecurringInterval {
  return (RECURRING_INTERVALS as readonly string[]).includes(value);
}

/** Nominal length of `interval_count` intervals in seconds: `intervalSeconds('month', 3)` → 7_776_000. */
export function intervalSeconds(interval: string, intervalCount = 1): number {
  if (!isRecurringInterval(interval)) throw new Error(`Unsupported recurring interval: ${interval}`);
  if (!Number.isInteger(intervalCount) || intervalCount < 1) {
    throw new Error(`Unsupported interval count: ${intervalCount}`);
  }
  return SECONDS_PER_INTERVAL[interval] * intervalCount;
}
