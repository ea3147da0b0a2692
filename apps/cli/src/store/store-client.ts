import { isErrorEnvelope } from '@bazaar/schemas';
import type { z } from 'zod';
import { notAStore, storeRefusal, storeUnreachable } from './store-errors.ts';

/** A JSON call gives up after this long; uploads have no such limit. */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface StoreTarget {
  /** The Store's address (`https://store.example.com`); its API is under `/api`. */
  store: string;
  /** An access token, sent as `Authorization: Bearer …`. */
  token?: string;
}

/** `https://store.example.com` + `/cli/whoami` → `https://store.example.com/api/cli/whoami`. */
export function apiUrl(store: string, path: string): string {
  return `${store}/api${path}`;
}

/**
 * Reads a Store answer: the body parsed by `schema` when it succeeded; the Store's refusal (its
 * error code) as a CliError; anything else as "Failed to connect to store".
 */
export async function readStoreAnswer<S extends z.ZodType>(
  store: string,
  response: Response,
  schema: S,
): Promise<z.output<S>> {
  const text = await response.text();
  let payload: unknown = undefined;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: judged below by the status.
  }
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location');
    throw notAStore(store, `redirects to ${location ?? 'another address'}: give that address instead`);
  }
  if (!response.ok) {
    if (isErrorEnvelope(payload)) {
      const { code, message, details } = payload.error;
      throw storeRefusal(code, message, details);
    }
    // Codes this CLI's schemas do not know yet still come through as the Store sent them.
    const error = (payload as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    if (typeof error?.code === 'string' && typeof error.message === 'string') {
      throw storeRefusal(error.code, error.message);
    }
    throw notAStore(store, `answered HTTP ${response.status}, not as a Bazaar Store`);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw notAStore(store, 'answered something this CLI does not understand (another version of the Store?)');
  }
  return parsed.data;
}

/**
 * One JSON call to the Store's API: `callStore(target, 'GET', '/cli/whoami', accessTokenWhoamiSchema)`.
 * Throws STORE_UNREACHABLE ("Failed to connect to store") when nothing answered.
 */
export async function callStore<S extends z.ZodType>(
  target: StoreTarget,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: S,
  body?: unknown,
): Promise<z.output<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(target.store, path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      // A redirect is reported, not followed: the token goes only to the address the person gave.
      redirect: 'manual',
    });
  } catch (error) {
    throw storeUnreachable(target.store, error);
  }
  return readStoreAnswer(target.store, response, schema);
}
