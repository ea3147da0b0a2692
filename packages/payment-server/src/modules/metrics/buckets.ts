import type { MetricsInterval } from '@bazaar/schemas';

export const DAY_SECONDS = 86_400;

/**
 * The first second of each bucket of `[from, to)`: UTC days, ISO weeks (Monday 00:00 UTC) or UTC
 * months, the first one starting at `from` even mid-bucket. Every later start is a UTC midnight,
 * so rows the database grouped by UTC day (`floor(t / 86400)`, integer division, the same on
 * both databases) fall wholly into one bucket, and the calendar is JavaScript's alone.
 */
export function bucketStarts(from: number, to: number, interval: MetricsInterval): number[] {
  const starts = [from];
  for (let next = nextBoundary(from, interval); next < to; next = nextBoundary(next, interval)) {
    starts.push(next);
  }
  return starts;
}

/** The first bucket boundary after `time`. */
function nextBoundary(time: number, interval: MetricsInterval): number {
  const date = new Date(time * 1_000);
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) / 1_000;
  switch (interval) {
    case 'day':
      return midnight + DAY_SECONDS;
    case 'week':
      // getUTCDay: Sunday 0 … Saturday 6; ISO weeks start on Monday.
      return midnight + (7 - ((date.getUTCDay() + 6) % 7)) * DAY_SECONDS;
    case 'month':
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1_000;
  }
}

/** The index of the bucket holding `time` (which must lie in the range): a binary search. */
export function bucketIndex(starts: readonly number[], time: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= time) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The bucket of a UTC day the database grouped by (`day` = floor(t / 86400)), within `[from, to)`. */
export function bucketIndexOfDay(starts: readonly number[], day: number): number {
  return bucketIndex(starts, Math.max(day * DAY_SECONDS, starts[0]!));
}
