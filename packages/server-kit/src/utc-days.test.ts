import { describe, expect, it } from 'vitest';
import { addDays, utcDayOf } from './utc-days.ts';

describe('UTC days', () => {
  it('names the UTC day of a time, and moves a day across months, leap days and years', () => {
    expect(utcDayOf(1_800_000_000)).toBe('2027-01-15');
    expect(utcDayOf(Date.UTC(2027, 0, 15, 23, 59, 59) / 1_000)).toBe('2027-01-15');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDays('2027-01-15', -29)).toBe('2026-12-17');
  });
});
