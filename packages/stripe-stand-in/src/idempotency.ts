import { idempotencyError } from './api-error.ts';
import type { FormFields } from './form-body.ts';

/** The first answer to a key, replayed byte for byte to every retry. */
export interface StoredAnswer {
  endpoint: string;
  params: string;
  status: number;
  body: string;
  requestId: string;
}

/** Parameters compared regardless of the order they were sent in. */
function canonical(params: FormFields): string {
  return JSON.stringify(params, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
}

/**
 * Stripe's idempotent requests: a POST retried with the same key, endpoint and parameters gets the
 * first answer again (no second side effect); the same key with anything else is an error.
 */
export function createIdempotencyStore() {
  const answers = new Map<string, StoredAnswer>();

  /** The answer to replay, null for a new key; throws when the key was used for something else. */
  function replayFor(key: string, endpoint: string, params: FormFields): StoredAnswer | null {
    const stored = answers.get(key);
    if (!stored) return null;
    if (stored.endpoint !== endpoint) {
      throw idempotencyError(
        `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (stored.params !== canonical(params)) {
      throw idempotencyError(
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    return stored;
  }

  function remember(key: string, answer: Omit<StoredAnswer, 'params'> & { params: FormFields }): void {
    answers.set(key, { ...answer, params: canonical(answer.params) });
  }

  return { replayFor, remember };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
