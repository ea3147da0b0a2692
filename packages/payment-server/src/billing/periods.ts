import { intervalSeconds, type RecurringInterval } from '@bazaar/money';

/** The recurring intervals a price can renew on (the same list the price schema accepts). */
export type Interval = RecurringInterval;

/** How often a subscription renews: every `interval_count` × `interval`. */
export interface Recurrence {
  interval: Interval;
  interval_count: number;
}

export interface Period {
  start: number;
  end: number;
}

const MONTHS_PER_INTERVAL: Partial<Record<Interval, number>> = { month: 1, year: 12 };
const SECONDS_PER_DAY = 86_400;

/**
 * Start of period `index` (0 = the anchor), unix seconds UTC. Months and years count from the
 * anchor itself, not from the previous boundary, so a Jan 31 anchor clamps to Feb 28 and comes
 * back to Mar 31 instead of drifting to the 28th for ever:
 * `periodBoundary(jan31, { interval: 'month', interval_count: 1 }, 2)` → Mar 31, same time of day.
 */
export function periodBoundary(anchor: number, recurrence: Recurrence, index: number): number {
  assertUnixSeconds(anchor, 'anchor');
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`Invalid period index: ${index}`);
  const months = calendarMonthsPerPeriod(recurrence);
  if (months === null)
    return anchor + index * intervalSeconds(recurrence.interval, recurrence.interval_count);
  return addMonthsClamped(anchor, index * months);
}

/**
 * The period holding `at` (≥ anchor). Calendar periods are estimated from the month difference
 * and then corrected by at most a step, so a minute plan ten years old costs no loop.
 */
export function periodContaining(
  anchor: number,
  recurrence: Recurrence,
  at: number,
): Period & { index: number } {
  assertUnixSeconds(anchor, 'anchor');
  if (!Number.isFinite(at) || at < anchor) throw new RangeError(`Time ${at} is before the anchor ${anchor}`);
  const months = calendarMonthsPerPeriod(recurrence);
  let index =
    months === null
      ? Math.floor((at - anchor) / intervalSeconds(recurrence.interval, recurrence.interval_count))
      : Math.floor(monthsBetween(anchor, at) / months);
  // Clamped month ends and the time of day can put `at` one period either side of the estimate.
  while (index > 0 && periodBoundary(anchor, recurrence, index) > at) index -= 1;
  while (periodBoundary(anchor, recurrence, index + 1) <= at) index += 1;
  return {
    index,
    start: periodBoundary(anchor, recurrence, index),
    end: periodBoundary(anchor, recurrence, index + 1),
  };
}

/** The period that follows the one ending at `currentEnd`; throws if `currentEnd` is not a boundary. */
export function nextPeriod(anchor: number, recurrence: Recurrence, currentEnd: number): Period {
  const { start, end } = periodContaining(anchor, recurrence, currentEnd);
  if (start !== currentEnd)
    throw new RangeError(`${currentEnd} is not a period boundary of anchor ${anchor}`);
  return { start, end };
}

/** Months per period for calendar intervals, null for fixed-length ones (minute … week). */
function calendarMonthsPerPeriod({ interval, interval_count: count }: Recurrence): number | null {
  const months = MONTHS_PER_INTERVAL[interval];
  if (months === undefined) return null;
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`Unsupported interval count: ${count}`);
  return months * count;
}

function addMonthsClamped(anchor: number, months: number): number {
  const date = new Date(anchor * 1000);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  return Date.UTC(year, month, day) / 1000 + secondsIntoDay(anchor);
}

/** Days in a month; `month` may run past 11, Date.UTC carries it into the year. */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function monthsBetween(from: number, to: number): number {
  const a = new Date(from * 1000);
  const b = new Date(to * 1000);
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
}

function secondsIntoDay(at: number): number {
  return ((at % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY;
}

function assertUnixSeconds(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Invalid ${name}: ${value}`);
}
