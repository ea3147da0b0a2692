/** Days after the first attempt at which a failed renewal charge is tried again. */
export const RETRY_SCHEDULE_DAYS = [1, 3, 5, 7] as const;

/** The first attempt plus one per retry; after this many failures the invoice is uncollectible. */
export const MAX_PAYMENT_ATTEMPTS = RETRY_SCHEDULE_DAYS.length + 1;

const SECONDS_PER_DAY = 86_400;

/**
 * When to charge next after `failedAttempts` failures, or null to give up. Retries are counted
 * from the first attempt, not the last, so a slow or crashed worker does not push them later:
 * `nextAttemptAt(t, 2)` → t + 3 days; `nextAttemptAt(t, 5)` → null.
 */
export function nextAttemptAt(firstAttemptAt: number, failedAttempts: number): number | null {
  if (!Number.isSafeInteger(failedAttempts) || failedAttempts < 0) {
    throw new RangeError(`Invalid failed attempt count: ${failedAttempts}`);
  }
  if (failedAttempts === 0) return firstAttemptAt;
  const days = RETRY_SCHEDULE_DAYS[failedAttempts - 1];
  return days === undefined ? null : firstAttemptAt + days * SECONDS_PER_DAY;
}
