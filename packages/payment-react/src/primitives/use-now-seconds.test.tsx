import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNowSeconds } from './use-now-seconds.ts';

const START_SECONDS = 1_767_225_600;

describe('useNowSeconds', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START_SECONDS * 1000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the time it read at mount across renders', () => {
    const { result, rerender } = renderHook(() => useNowSeconds());
    expect(result.current).toBe(START_SECONDS);
    vi.setSystemTime((START_SECONDS + 90) * 1000);
    rerender();
    expect(result.current).toBe(START_SECONDS);
  });

  it('reads the time again once the moment it waits for comes', () => {
    const { result } = renderHook(() => useNowSeconds(START_SECONDS + 30));
    act(() => vi.advanceTimersByTime(29_999));
    expect(result.current).toBe(START_SECONDS);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(START_SECONDS + 30);
  });

  it('waits for a moment beyond what one browser timer holds in steps', () => {
    const wakeAt = START_SECONDS + 40 * 24 * 3600;
    const { result } = renderHook(() => useNowSeconds(wakeAt));
    act(() => vi.advanceTimersByTime(30 * 24 * 3600 * 1000));
    expect(result.current).toBeLessThan(wakeAt);
    act(() => vi.advanceTimersByTime(10 * 24 * 3600 * 1000));
    expect(result.current).toBe(wakeAt);
  });
});
