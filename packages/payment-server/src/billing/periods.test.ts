import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Interval, nextPeriod, periodBoundary, periodContaining, type Recurrence } from './periods.ts';

const at = (iso: string): number => Date.parse(iso) / 1000;
const iso = (seconds: number): string => new Date(seconds * 1000).toISOString();
const monthly: Recurrence = { interval: 'month', interval_count: 1 };
const yearly: Recurrence = { interval: 'year', interval_count: 1 };

// Written apart from the implementation (Gregorian rule, not Date overflow) so both can't share a bug.
function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month]!;
}

const boundaries = (anchor: number, recurrence: Recurrence, count: number): string[] =>
  Array.from({ length: count }, (_, index) => iso(periodBoundary(anchor, recurrence, index)));

describe('periodBoundary', () => {
  it('clamps a Jan 31 anchor to each month end and keeps the time of day (leap year)', () => {
    expect(boundaries(at('2024-01-31T15:30:05Z'), monthly, 5)).toEqual([
      '2024-01-31T15:30:05.000Z',
      '2024-02-29T15:30:05.000Z',
      '2024-03-31T15:30:05.000Z',
      '2024-04-30T15:30:05.000Z',
      '2024-05-31T15:30:05.000Z',
    ]);
  });

  it('uses Feb 28 in a common year and crosses the year end', () => {
    expect(boundaries(at('2022-12-31T00:00:00Z'), monthly, 4)).toEqual([
      '2022-12-31T00:00:00.000Z',
      '2023-01-31T00:00:00.000Z',
      '2023-02-28T00:00:00.000Z',
      '2023-03-31T00:00:00.000Z',
    ]);
  });

  it('counts every 3 months from the anchor day: Nov 30 → Feb 28 → May 30', () => {
    expect(boundaries(at('2022-11-30T08:00:00Z'), { interval: 'month', interval_count: 3 }, 3)).toEqual([
      '2022-11-30T08:00:00.000Z',
      '2023-02-28T08:00:00.000Z',
      '2023-05-30T08:00:00.000Z',
    ]);
  });

  it('moves a Feb 29 yearly anchor to Feb 28 in common years and back in the next leap year', () => {
    expect(boundaries(at('2024-02-29T12:00:00Z'), yearly, 5)).toEqual([
      '2024-02-29T12:00:00.000Z',
      '2025-02-28T12:00:00.000Z',
      '2026-02-28T12:00:00.000Z',
      '2027-02-28T12:00:00.000Z',
      '2028-02-29T12:00:00.000Z',
    ]);
  });

  it.each<[Interval, number, number]>([
    ['minute', 1, 60],
    ['minute', 15, 900],
    ['hour', 2, 7_200],
    ['day', 1, 86_400],
    ['week', 2, 1_209_600],
  ])('%s × %i is an exact multiple of %i s', (interval, count, seconds) => {
    const anchor = at('2024-01-31T15:30:05Z');
    expect(periodBoundary(anchor, { interval, interval_count: count }, 7) - anchor).toBe(7 * seconds);
  });

  it('refuses a negative or fractional index and a non-positive interval count', () => {
    const anchor = at('2024-01-01T00:00:00Z');
    expect(() => periodBoundary(anchor, monthly, -1)).toThrow(RangeError);
    expect(() => periodBoundary(anchor, monthly, 1.5)).toThrow(RangeError);
    expect(() => periodBoundary(anchor, { interval: 'month', interval_count: 0 }, 1)).toThrow();
    expect(() => periodBoundary(anchor, { interval: 'day', interval_count: 0 }, 1)).toThrow();
    expect(() =>
      periodBoundary(anchor, { interval: 'fortnight' as Interval, interval_count: 1 }, 1),
    ).toThrow();
  });
});

describe('periodContaining', () => {
  const anchor = at('2024-01-31T15:30:00Z');

  it('finds the clamped February period, boundaries included at the start only', () => {
    expect(periodContaining(anchor, monthly, at('2024-03-01T00:00:00Z'))).toEqual({
      index: 1,
      start: at('2024-02-29T15:30:00Z'),
      end: at('2024-03-31T15:30:00Z'),
    });
    expect(periodContaining(anchor, monthly, at('2024-03-31T15:30:00Z')).index).toBe(2);
    expect(periodContaining(anchor, monthly, at('2024-03-31T15:29:59Z')).index).toBe(1);
  });

  it('corrects the month estimate when the day or time of day has not come yet', () => {
    // Same calendar month as boundary 2 (Mar 31), but before it: still period 1.
    expect(periodContaining(anchor, monthly, at('2024-03-05T00:00:00Z')).index).toBe(1);
    expect(periodContaining(anchor, monthly, anchor).index).toBe(0);
  });

  it('answers for a minute plan ten years on without walking the periods', () => {
    const recurrence: Recurrence = { interval: 'minute', interval_count: 1 };
    const later = anchor + 10 * 365 * 86_400 + 59;
    const started = performance.now();
    const period = periodContaining(anchor, recurrence, later);
    expect(performance.now() - started).toBeLessThan(50);
    expect(period).toEqual({ index: 10 * 365 * 1440, start: later - 59, end: later + 1 });
  });

  it('refuses a time before the anchor', () => {
    expect(() => periodContaining(anchor, monthly, anchor - 1)).toThrow(RangeError);
  });
});

describe('nextPeriod', () => {
  it('returns the period that starts at the current end', () => {
    const anchor = at('2024-01-31T00:00:00Z');
    expect(nextPeriod(anchor, monthly, at('2024-02-29T00:00:00Z'))).toEqual({
      start: at('2024-02-29T00:00:00Z'),
      end: at('2024-03-31T00:00:00Z'),
    });
  });

  it('refuses a time that is not a boundary', () => {
    const anchor = at('2024-01-31T00:00:00Z');
    expect(() => nextPeriod(anchor, monthly, at('2024-02-28T00:00:00Z'))).toThrow(RangeError);
  });
});

describe('period properties', () => {
  const intervals: Interval[] = ['minute', 'hour', 'day', 'week', 'month', 'year'];
  // 1970 … 2100, any second of the day.
  const anchorArb = fc.integer({ min: 0, max: 4_102_444_800 });
  const recurrenceArb = fc.record({
    interval: fc.constantFrom(...intervals),
    interval_count: fc.integer({ min: 1, max: 12 }),
  });

  it('boundaries strictly increase and each period starts where the previous one ends', () => {
    fc.assert(
      fc.property(anchorArb, recurrenceArb, fc.integer({ min: 0, max: 200 }), (anchor, recurrence, index) => {
        const start = periodBoundary(anchor, recurrence, index);
        const end = periodBoundary(anchor, recurrence, index + 1);
        expect(end).toBeGreaterThan(start);
        expect(periodContaining(anchor, recurrence, start)).toEqual({ index, start, end });
        expect(nextPeriod(anchor, recurrence, end).start).toBe(end);
        expect(nextPeriod(anchor, recurrence, end).end).toBe(periodBoundary(anchor, recurrence, index + 2));
      }),
    );
  });

  it('periodContaining holds its time: start ≤ at < end', () => {
    fc.assert(
      fc.property(
        anchorArb,
        recurrenceArb,
        fc.integer({ min: 0, max: 20 * 366 * 86_400 }),
        (anchor, recurrence, offset) => {
          const period = periodContaining(anchor, recurrence, anchor + offset);
          expect(period.start).toBeLessThanOrEqual(anchor + offset);
          expect(period.end).toBeGreaterThan(anchor + offset);
          expect(period.start).toBe(periodBoundary(anchor, recurrence, period.index));
        },
      ),
    );
  });

  it('monthly boundaries fall on min(anchor day, days in month) at the anchor time, 48 months on', () => {
    fc.assert(
      fc.property(anchorArb, (anchor) => {
        const anchorDate = new Date(anchor * 1000);
        const timeOfDay = anchor % 86_400;
        for (let index = 0; index <= 48; index += 1) {
          const boundary = periodBoundary(anchor, monthly, index);
          const date = new Date(boundary * 1000);
          const months = anchorDate.getUTCMonth() + index;
          expect(date.getUTCFullYear()).toBe(anchorDate.getUTCFullYear() + Math.floor(months / 12));
          expect(date.getUTCMonth()).toBe(months % 12);
          expect(date.getUTCDate()).toBe(
            Math.min(anchorDate.getUTCDate(), daysInMonth(date.getUTCFullYear(), date.getUTCMonth())),
          );
          expect(boundary % 86_400).toBe(timeOfDay);
        }
      }),
    );
  });
});
