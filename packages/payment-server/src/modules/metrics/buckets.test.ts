import { describe, expect, it } from 'vitest';
import { bucketIndex, bucketIndexOfDay, bucketStarts, DAY_SECONDS } from './buckets.ts';

const utc = (year: number, month: number, day: number, hour = 0) =>
  Date.UTC(year, month - 1, day, hour) / 1_000;

describe('bucketStarts', () => {
  it('starts the first bucket at from and every later one at a UTC midnight', () => {
    expect(bucketStarts(utc(2027, 1, 3, 6), utc(2027, 1, 5), 'day')).toEqual([
      utc(2027, 1, 3, 6),
      utc(2027, 1, 4),
    ]);
  });

  it('starts weeks on Monday, from a Sunday and from a Monday', () => {
    expect(bucketStarts(utc(2027, 1, 3), utc(2027, 1, 19), 'week')).toEqual([
      utc(2027, 1, 3),
      utc(2027, 1, 4),
      utc(2027, 1, 11),
      utc(2027, 1, 18),
    ]);
    expect(bucketStarts(utc(2027, 1, 4), utc(2027, 1, 12), 'week')).toEqual([
      utc(2027, 1, 4),
      utc(2027, 1, 11),
    ]);
  });

  it('starts months on the 1st, through a leap February and a year’s end', () => {
    expect(bucketStarts(utc(2027, 12, 15), utc(2028, 3, 2), 'month')).toEqual([
      utc(2027, 12, 15),
      utc(2028, 1, 1),
      utc(2028, 2, 1),
      utc(2028, 3, 1),
    ]);
  });
});

describe('bucketIndex', () => {
  const starts = bucketStarts(utc(2027, 1, 1), utc(2027, 2, 1), 'week');
  it('finds the bucket of a moment and of a UTC day', () => {
    expect(bucketIndex(starts, utc(2027, 1, 1))).toBe(0);
    expect(bucketIndex(starts, utc(2027, 1, 4) - 1)).toBe(0);
    expect(bucketIndex(starts, utc(2027, 1, 4))).toBe(1);
    expect(bucketIndex(starts, utc(2027, 1, 31, 23))).toBe(4);
    expect(bucketIndexOfDay(starts, utc(2027, 1, 11) / DAY_SECONDS)).toBe(2);
  });
});
