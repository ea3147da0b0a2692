import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { EventSink } from './events.ts';
import { unixNow } from './ids.ts';
import type { StripeEvent, WebhookDelivery, WebhookMode } from './types.ts';

/** Stripe gives an endpoint this long to answer before it counts the delivery as failed. */
const DELIVERY_TIMEOUT_MS = 10_000;

interface QueuedDelivery {
  event: StripeEvent;
  delivered: () => void;
}

interface Endpoint {
  url: string;
  secret: string;
  /** Waiting to be sent, oldest first; sent one at a time. */
  queue: QueuedDelivery[];
  /** Kept back by 'held' mode until releaseWebhooks(). */
  held: StripeEvent[];
  sending: boolean;
}

/** Stripe's signature scheme: `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function signatureHeader(body: string, secret: string, timestamp = unixNow()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** POSTs one delivery on a fresh connection; null when the endpoint could not be reached or timed out. */
function post(url: string, body: string, signature: string): Promise<number | null> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        agent: false,
        timeout: DELIVERY_TIMEOUT_MS,
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': Buffer.byteLength(body),
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Cache-Control': 'no-cache',
          Accept: '*/*; q=0.5, application/xml',
          'Stripe-Signature': signature,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? null));
        response.on('error', () => resolve(null));
      },
    );
    request.on('timeout', () => request.destroy(new Error('Webhook delivery timed out')));
    request.on('error', () => resolve(null));
    request.end(body);
  });
}

/**
 * Delivers events to the registered endpoints as Stripe does: signed, each endpoint's in the order
 * the events were created, one at a time. A failed delivery is recorded, not retried on its own
 * (tests retry with resendEvent, as Stripe's later retries would).
 */
export function createWebhookDispatcher(deliveries: WebhookDelivery[]) {
  const endpoints: Endpoint[] = [];
  let mode: WebhookMode = 'immediate';
  let settledWaiters: (() => void)[] = [];
  let closed = false;

  function isSettled(): boolean {
    return endpoints.every((endpoint) => !endpoint.sending && endpoint.queue.length === 0);
  }

  function notifyIfSettled(): void {
    if (!isSettled()) return;
    const waiters = settledWaiters;
    settledWaiters = [];
    for (const resolve of waiters) resolve();
  }

  async function send(endpoint: Endpoint, event: StripeEvent): Promise<void> {
    // Pretty-printed like Stripe's; the signature covers these exact bytes.
    const body = JSON.stringify(event, null, 2);
    const status = await post(endpoint.url, body, signatureHeader(body, endpoint.secret));
    deliveries.push({ eventId: event.id, url: endpoint.url, status });
    if (status !== null && status >= 200 && status < 300) {
      event.pending_webhooks = Math.max(event.pending_webhooks - 1, 0);
    }
  }

  async function pump(endpoint: Endpoint): Promise<void> {
    if (endpoint.sending) return;
    endpoint.sending = true;
    while (endpoint.queue.length > 0 && !closed) {
      const next = endpoint.queue[0]!;
      await send(endpoint, next.event);
      endpoint.queue.shift();
      next.delivered();
    }
    endpoint.sending = false;
    notifyIfSettled();
  }

  function queue(endpoint: Endpoint, event: StripeEvent): Promise<void> {
    return new Promise((delivered) => endpoint.queue.push({ event, delivered }));
  }

  /** Starts sending what is queued (after the API answer that caused it, so callers see that first). */
  function flush(): void {
    for (const endpoint of endpoints) void pump(endpoint);
  }

  const sink: EventSink = {
    endpointCount: () => endpoints.length,
    enqueue(event) {
      if (mode === 'dropped' || closed) return;
      for (const endpoint of endpoints) {
        if (mode === 'held') endpoint.held.push(event);
        else void queue(endpoint, event);
      }
    },
  };

  return {
    sink,
    flush,
    addEndpoint(url: string, secret: string): void {
      if (!URL.canParse(url)) throw new TypeError(`Not a webhook endpoint URL: ${url}`);
      endpoints.push({ url, secret, queue: [], held: [], sending: false });
    },
    setMode(next: WebhookMode): void {
      mode = next;
    },
    async release(): Promise<void> {
      const sent = endpoints.flatMap((endpoint) =>
        endpoint.held.splice(0).map((event) => queue(endpoint, event)),
      );
      flush();
      await Promise.all(sent);
    },
    async resend(event: StripeEvent): Promise<void> {
      const sent = endpoints.map((endpoint) => queue(endpoint, event));
      flush();
      await Promise.all(sent);
    },
    settled(): Promise<void> {
      return new Promise((resolve) => {
        settledWaiters.push(resolve);
        notifyIfSettled();
      });
    },
    /** Stops sending: what is queued or held is dropped, and everyone waiting is let go. */
    close(): void {
      closed = true;
      for (const endpoint of endpoints) {
        for (const waiting of endpoint.queue.splice(endpoint.sending ? 1 : 0)) waiting.delivered();
        endpoint.held = [];
      }
      notifyIfSettled();
    },
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
