import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInFlightDedupe, dedupeKey } from './in-flight-dedupe.ts';

describe('createInFlightDedupe', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs one request for callers that ask at the same time', async () => {
    const dedupe = createInFlightDedupe<string>();
    const run = vi.fn(async () => 'cs_1');
    const [first, second] = await Promise.all([dedupe('k', run), dedupe('k', run)]);
    expect([first, second]).toEqual(['cs_1', 'cs_1']);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('keeps answering for 3 s after the request settles, then asks again', async () => {
    const dedupe = createInFlightDedupe<number>();
    let count = 0;
    const run = vi.fn(async () => (count += 1));
    expect(await dedupe('k', run)).toBe(1);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(await dedupe('k', run)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await dedupe('k', run)).toBe(2);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('shares a failure for the same window, so a double mount shows one error', async () => {
    const dedupe = createInFlightDedupe<number>();
    const run = vi.fn(() => Promise.reject(new Error('gone')));
    await expect(dedupe('k', run)).rejects.toThrow('gone');
    await expect(dedupe('k', run)).rejects.toThrow('gone');
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(dedupe('k', run)).rejects.toThrow('gone');
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('keeps different keys apart', async () => {
    const dedupe = createInFlightDedupe<string>();
    const run = vi.fn(async () => 'x');
    await Promise.all([dedupe('a', run), dedupe('b', run)]);
    expect(run).toHaveBeenCalledTimes(2);
  });
});

describe('dedupeKey', () => {
  it('does not depend on the order of the parameters', () => {
    expect(dedupeKey('plink_1', { b: '2', a: '1' })).toBe(dedupeKey('plink_1', { a: '1', b: '2' }));
    expect(dedupeKey('plink_1', { a: '1' })).not.toBe(dedupeKey('plink_2', { a: '1' }));
  });
});
