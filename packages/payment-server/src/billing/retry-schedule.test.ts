import { describe, expect, it } from 'vitest';
import { MAX_PAYMENT_ATTEMPTS, nextAttemptAt } from './retry-schedule.ts';

const DAY = 86_400;
const first = Date.UTC(2024, 0, 31, 9) / 1000;

describe('nextAttemptAt', () => {
  it.each<[number, number | null]>([
    [0, first],
    [1, first + 1 * DAY],
    [2, first + 3 * DAY],
    [3, first + 5 * DAY],
    [4, first + 7 * DAY],
    [5, null],
    [6, null],
  ])('after %i failures → %s', (failures, expected) => {
    expect(nextAttemptAt(first, failures)).toBe(expected);
  });

  it('gives up after the fifth attempt', () => {
    expect(MAX_PAYMENT_ATTEMPTS).toBe(5);
    expect(nextAttemptAt(first, MAX_PAYMENT_ATTEMPTS - 1)).not.toBeNull();
    expect(nextAttemptAt(first, MAX_PAYMENT_ATTEMPTS)).toBeNull();
  });

  it('refuses a negative or fractional count', () => {
    expect(() => nextAttemptAt(first, -1)).toThrow(RangeError);
    expect(() => nextAttemptAt(first, 1.5)).toThrow(RangeError);
  });
});
