import { isErrorEnvelope, type ErrorCode, type ErrorDetail } from '@bazaar/schemas';
import type { z } from 'zod';

/** Where the Store's API answers: the Store's web app is built for the site's root (`base: '/'`). */
export const STORE_API_PATH = '/api';

/** A failed call to the Store's API: its error code, or `network` when no envelope came back. */
export class StoreApiError extends Error {
  readonly code: ErrorCode | 'network';
  /** The HTTP status; 0 when the server was not reached. */
  readonly status: number;
  readonly details: ErrorDetail[];

  constructor(code: ErrorCode | 'network', status: number, message: string, details: ErrorDetail[] = []) {
    super(message);
    this.name = 'StoreApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

/** Whether a call failed with this code: `hasStoreErrorCode(error, 'CATEGORY_EXISTS')`. */
export function hasStoreErrorCode(error: unknown, code: ErrorCode): error is StoreApiError {
  return error instanceof StoreApiError && error.code === code;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type QueryValue = string | number | undefined;

interface CallOptions {
  body?: unknown;
  /** Query parameters; empty and undefined ones are left out. */
  query?: Record<string, QueryValue>;
}

function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * One JSON call to the Store's API with the session cookie, its answer parsed by the contract:
 * `callStoreApi('GET', '/developer/me', developerMeResponseSchema)`. A refusal throws
 * `StoreApiError` with the envelope's code and details.
 */
export async function callStoreApi<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  { body, query }: CallOptions = {},
): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(`${STORE_API_PATH}${withQuery(path, query)}`, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new StoreApiError('network', 0, String(error));
  }
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.ok) return schema.parse(payload);
  if (isErrorEnvelope(payload)) {
    const { code, message, details } = payload.error;
    throw new StoreApiError(code, response.status, message, details);
  }
  throw new StoreApiError('network', response.status, `HTTP ${response.status}`);
}
