/**
 * Counts the page's requests in flight, for the progress bar. It wraps `fetch` once per window:
 * every app of the platform and every component they embed call the network through it, so one
 * counter sees them all without each client having to report.
 */
export interface RequestTracker {
  inFlight(): number;
  subscribe(listener: () => void): () => void;
}

const TRACKER = Symbol.for('bazaar.requestTracker');

type TrackedWindow = { fetch: typeof fetch; [TRACKER]?: RequestTracker };

export function trackRequests(target: TrackedWindow): RequestTracker {
  const existing = target[TRACKER];
  if (existing) return existing;

  let count = 0;
  const listeners = new Set<() => void>();
  const change = (delta: number) => {
    count += delta;
    for (const listener of listeners) listener();
  };
  const original = target.fetch.bind(target);
  target.fetch = async (...args: Parameters<typeof fetch>) => {
    change(1);
    try {
      return await original(...args);
    } finally {
      change(-1);
    }
  };
  const tracker: RequestTracker = {
    inFlight: () => count,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  target[TRACKER] = tracker;
  return tracker;
}
