import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';

export type SendResult = { status: number; durationMs: number } | { error: string; durationMs: number };

/**
 * POSTs `body` to `url`, connecting to `address` whatever the name resolves to now, and gives
 * up after `timeoutMs`. Redirects are not followed: a 3xx counts as a failed attempt, so a
 * receiver cannot bounce a delivery to an address the guard never saw.
 */
export function postWebhook(input: {
  url: URL;
  address: LookupAddress;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const transport = input.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = transport.request(
      input.url,
      {
        method: 'POST',
        headers: {
          ...input.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(input.body),
        },
        signal: AbortSignal.timeout(input.timeoutMs),
        lookup: (_hostname, options, callback) => {
          const { address, family } = input.address;
          // Node asks for every address (`all`) or for one, depending on the agent.
          if ((options as { all?: boolean }).all) {
            (callback as (error: null, addresses: LookupAddress[]) => void)(null, [{ address, family }]);
          } else callback(null, address, family);
        },
      },
      (response) => {
        // The body is not read for anything; draining it frees the socket.
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, durationMs: elapsed() }));
        response.on('error', (error) => resolve({ error: error.message, durationMs: elapsed() }));
      },
    );
    request.on('error', (error) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      resolve({
        error: timedOut ? `No answer within ${input.timeoutMs / 1000} s` : error.message,
        durationMs: elapsed(),
      });
    });
    request.end(input.body);
  });
}
