import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from './debounce.ts';

describe('debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once, a quiet second after the last call', () => {
    const run = vi.fn();
    const debounced = debounce(run, 1_000, 5_000);
    debounced();
    vi.advanceTimersByTime(600);
    debounced();
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at the latest five seconds into a steady stream of calls', () => {
    const run = vi.fn();
    const debounced = debounce(run, 1_000, 5_000);
    for (let elapsed = 0; elapsed < 5_000; elapsed += 500) {
      debounced();
      vi.advanceTimersByTime(500);
    }
    expect(run).toHaveBeenCalledTimes(1);
    // The next burst starts its own five seconds.
    debounced();
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs nothing after cancel', () => {
    const run = vi.fn();
    const debounced = debounce(run, 1_000, 5_000);
    debounced();
    debounced.cancel();
    vi.advanceTimersByTime(10_000);
    expect(run).not.toHaveBeenCalled();
  });
});
