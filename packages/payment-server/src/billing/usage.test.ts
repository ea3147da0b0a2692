import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregateUsage, type UsageEntry } from './usage.ts';

const entry = (
  action: UsageEntry['action'],
  quantity: bigint,
  timestamp: number,
  created_at = timestamp,
): UsageEntry => ({ action, quantity, timestamp, created_at });

describe('aggregateUsage', () => {
  it('adds increments and lets a set replace the running total', () => {
    const entries = [entry('increment', 5n, 100), entry('set', 2n, 110), entry('increment', 1n, 120)];
    expect(aggregateUsage(entries, 0, 1000)).toBe(3n);
  });

  it('replays by timestamp, not by arrival: a late increment before a set is overwritten', () => {
    const entries = [entry('set', 10n, 200, 200), entry('increment', 7n, 150, 300)];
    expect(aggregateUsage(entries, 0, 1000)).toBe(10n);
  });

  it('breaks timestamp ties by created_at', () => {
    const entries = [entry('increment', 4n, 100, 105), entry('set', 1n, 100, 101)];
    expect(aggregateUsage(entries, 0, 1000)).toBe(5n);
  });

  it('counts from inclusive and to exclusive, so adjacent periods never bill an entry twice', () => {
    const entries = [entry('increment', 1n, 99), entry('increment', 2n, 100), entry('increment', 4n, 200)];
    expect(aggregateUsage(entries, 100, 200)).toBe(2n);
    expect(aggregateUsage(entries, 0, 100) + aggregateUsage(entries, 100, 300)).toBe(7n);
  });

  it('is 0 without entries and stays exact beyond 2^53', () => {
    expect(aggregateUsage([], 0, 1000)).toBe(0n);
    expect(aggregateUsage([entry('increment', 2n ** 60n, 1), entry('increment', 1n, 2)], 0, 10)).toBe(
      2n ** 60n + 1n,
    );
  });

  it('does not reorder the caller’s array', () => {
    const entries = [entry('increment', 1n, 200), entry('increment', 2n, 100)];
    aggregateUsage(entries, 0, 1000);
    expect(entries.map((e) => e.timestamp)).toEqual([200, 100]);
  });

  const increments = fc.array(
    fc.record({
      action: fc.constant('increment' as const),
      quantity: fc.bigInt({ min: 0n, max: 10n ** 24n }),
      timestamp: fc.integer({ min: 0, max: 1000 }),
      created_at: fc.integer({ min: 0, max: 2000 }),
    }),
  );

  it('only increments: the sum of the entries in range, whatever the order', () => {
    fc.assert(
      fc.property(
        increments,
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (list, a, b) => {
          const [from, to] = a <= b ? [a, b] : [b, a];
          const expected = list
            .filter((e) => e.timestamp >= from && e.timestamp < to)
            .reduce((sum, e) => sum + e.quantity, 0n);
          expect(aggregateUsage(list, from, to)).toBe(expected);
          expect(aggregateUsage([...list].reverse(), from, to)).toBe(expected);
        },
      ),
    );
  });

  it('a set as the latest entry decides the total alone', () => {
    fc.assert(
      fc.property(increments, fc.bigInt({ min: 0n, max: 10n ** 24n }), (list, reading) => {
        expect(aggregateUsage([...list, entry('set', reading, 1000, 5000)], 0, 1001)).toBe(reading);
      }),
    );
  });
});
