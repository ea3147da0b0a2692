export interface Debounced {
  (): void;
  cancel: () => void;
}

/**
 * Calls `run` once calls stop for `waitMs`, and at the latest `maxWaitMs` after the first call
 * of a burst, so a steady stream of events still refreshes now and then (trailing only):
 * `debounce(refetch, 1_000, 5_000)`.
 */
export function debounce(run: () => void, waitMs: number, maxWaitMs: number): Debounced {
  let quietTimer: ReturnType<typeof setTimeout> | null = null;
  let burstTimer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (quietTimer) clearTimeout(quietTimer);
    if (burstTimer) clearTimeout(burstTimer);
    quietTimer = null;
    burstTimer = null;
  };
  const flush = () => {
    cancel();
    run();
  };
  const debounced = () => {
    if (quietTimer) clearTimeout(quietTimer);
    quietTimer = setTimeout(flush, waitMs);
    burstTimer ??= setTimeout(flush, maxWaitMs);
  };
  return Object.assign(debounced, { cancel });
}
