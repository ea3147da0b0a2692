/** How long a settled request keeps answering its repeats, so a double click or a remount starts one session. */
export const DEDUPE_WINDOW_MS = 3_000;

/**
 * Shares one request among callers asking for the same key: the promise stays in the map while
 * it runs and for `windowMs` after it settles, so a double mount (StrictMode, two components on
 * one page, a quick reload of a section) makes one request, not two.
 *
 *   const start = createInFlightDedupe<Session>();
 *   start('plink_1?a=b', () => api(…));
 */
export function createInFlightDedupe<T>(windowMs = DEDUPE_WINDOW_MS) {
  const inFlight = new Map<string, Promise<T>>();
  return (key: string, run: () => Promise<T>): Promise<T> => {
    const existing = inFlight.get(key);
    if (existing) return existing;
    const promise = run();
    inFlight.set(key, promise);
    const dropLater = () => {
      setTimeout(() => {
        if (inFlight.get(key) === promise) inFlight.delete(key);
      }, windowMs);
    };
    promise.then(dropLater, dropLater);
    return promise;
  };
}

/** A stable key for a request: its name and its parameters in sorted order. */
export function dedupeKey(name: string, params: Record<string, string>): string {
  const sorted = Object.entries(params).sort(([a], [b]) => a.localeCompare(b));
  return `${name}?${new URLSearchParams(sorted).toString()}`;
}
