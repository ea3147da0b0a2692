// @vitest-environment happy-dom
import { CHECKOUT_SECRET_HEADER } from '@bazaar/schemas';
import { describe, expect, it, vi } from 'vitest';
import { makeCheckout } from '../test-utils/checkout-builders.ts';
import type { ApiClient, RequestOptions } from './api-client.ts';
import { loadCheckout, retrieveCheckout, submitCheckout } from './checkout-api.ts';
import { changeSession } from './session-changes-api.ts';

/** An API client that answers `answer` and records each call's path and headers. */
function recordingApi(answer: unknown) {
  const calls: { path: string; headers: Record<string, string> }[] = [];
  const api = vi.fn(async (path: string, options: RequestOptions<never>) => {
    calls.push({ path, headers: options.headers ?? {} });
    return answer;
  }) as unknown as ApiClient;
  return { api, calls };
}

describe('the checkout session secret', () => {
  it('is kept from the answer that opened the session and sent on every call acting on it', async () => {
    const opened = makeCheckout({ id: 'cs_opened', client_secret: 'cs_opened_secret_abc' });
    const { api, calls } = recordingApi(opened);
    await loadCheckout(api, 'plink_secret_test');
    expect(sessionStorage.getItem('bazaar:checkout-secret:cs_opened')).toBe('cs_opened_secret_abc');

    await retrieveCheckout(api, 'cs_opened');
    await submitCheckout(api, 'cs_opened', {} as never, 'key-1', true);
    await changeSession(api, 'cs_opened', { type: 'removeCrossSell' });
    for (const call of calls.slice(1)) {
      expect(call.headers[CHECKOUT_SECRET_HEADER]).toBe('cs_opened_secret_abc');
    }
  });

  it('sends nothing for a session this browser did not open', async () => {
    const { api, calls } = recordingApi(makeCheckout({ id: 'cs_elsewhere' }));
    await retrieveCheckout(api, 'cs_elsewhere');
    expect(calls[0]?.headers).toEqual({});
  });
});
