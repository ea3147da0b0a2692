import type { z } from 'zod';
import { ApiError } from './api-error.ts';

export interface ApiClientOptions {
  /** Origin plus the Payment Kit's mount point: `https://host/payment-kit`. */
  apiBaseUrl: string;
  locale: string;
  livemode: boolean;
  authToken?: string | null;
  fetch?: typeof fetch;
}

export interface RequestOptions<T extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** The response schema: the answer is parsed, so a contract drift fails loudly here. */
  schema: T;
}

export type ApiClient = <T extends z.ZodType>(
  path: string,
  options: RequestOptions<T>,
) => Promise<z.infer<T>>;

/**
 * Builds the URL of an API call. Every call carries `locale` and `livemode`, and `authToken`
 * when one is set, unless the caller already put them in the query.
 */
export function buildApiUrl(
  options: ApiClientOptions,
  path: string,
  query: Record<string, string> = {},
): string {
  const url = new URL(`${options.apiBaseUrl.replace(/\/$/, '')}${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const defaults: Record<string, string | null | undefined> = {
    locale: options.locale,
    livemode: String(options.livemode),
    authToken: options.authToken,
  };
  for (const [key, value] of Object.entries(defaults)) {
    if (value && !url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  return url.toString();
}

/** `createApiClient(options)('/api/settings', { schema: settingsResponseSchema })`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return async (path, { method = 'GET', query, body, headers, schema }) => {
    const response = await doFetch(buildApiUrl(options, path, query), {
      method,
      credentials: 'include',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload: unknown = await response.json().catch(() => null);
    if (!response.ok) throw ApiError.fromResponse(response.status, response.statusText, payload);
    return schema.parse(payload);
  };
}
