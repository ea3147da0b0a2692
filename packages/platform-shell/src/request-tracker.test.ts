import { describe, expect, it } from 'vitest';
import { trackRequests } from './request-tracker.ts';

describe('trackRequests', () => {
  it('counts requests in flight, failed ones included, and wraps fetch only once', async () => {
    const releases: Array<(ok: boolean) => void> = [];
    const target = {
      fetch: (() =>
        new Promise<Response>((resolve, reject) =>
          releases.push((ok) => (ok ? resolve(new Response('ok')) : reject(new Error('offline')))),
        )) as typeof fetch,
    };
    const tracker = trackRequests(target);
    expect(trackRequests(target)).toBe(tracker);
    const seen: number[] = [];
    tracker.subscribe(() => seen.push(tracker.inFlight()));

    const first = target.fetch('/a');
    const second = target.fetch('/b');
    expect(tracker.inFlight()).toBe(2);
    releases[0]!(true);
    await first;
    releases[1]!(false);
    await expect(second).rejects.toThrow('offline');
    expect(tracker.inFlight()).toBe(0);
    expect(seen).toEqual([1, 2, 1, 0]);
  });
});
