import { describe, expect, it } from 'vitest';
import { intervalSeconds } from './interval.ts';

describe('intervalSeconds', () => {
  it.each([
    ['minute', 1, 60],
    ['hour', 2, 7_200],
    ['day', 1, 86_400],
    ['week', 1, 604_800],
    ['month', 3, 7_776_000],
    ['month', 6, 15_552_000],
    ['year', 1, 31_536_000],
  ])('%s × %i lasts %i s', (interval, count, seconds) => {
    expect(intervalSeconds(interval, count)).toBe(seconds);
  });

  it('rejects unknown intervals and counts', () => {
    expect(() => intervalSeconds('fortnight')).toThrowError('Unsupported recurring interval: fortnight');
    expect(() => intervalSeconds('month', 0)).toThrowError(/interval count/);
  });
});
