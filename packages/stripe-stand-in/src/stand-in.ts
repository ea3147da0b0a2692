import { emitterFor } from './events.ts';
import { randomAlphanumeric } from './ids.ts';
import { createIdempotencyStore } from './idempotency.ts';
import { createPayer } from './payer.ts';
import { advanceRefunds } from './refunds.ts';
import { startServer } from './server.ts';
import { createStore } from './store.ts';
import type { StripeStandIn, StripeStandInOptions, WebhookDelivery } from './types.ts';
import { createWebhookDispatcher } from './webhooks.ts';

/**
 * Starts a local, stateful stand-in for Stripe's API on 127.0.0.1, for the real `stripe` SDK (and,
 * through routeStripeJs, the browser's Stripe.js) to talk to, e.g.
 * `const stripe = new Stripe(standIn.secretKey, { host: standIn.host, port: standIn.port, protocol: 'http' })`.
 */
export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const store = createStore();
  const deliveries: WebhookDelivery[] = [];
  const webhooks = createWebhookDispatcher(deliveries);
  const counts = new Map<string, number>();
  const server = await startServer(
    { store, webhooks, idempotency: createIdempotencyStore(), counts },
    options.port ?? 0,
  );
  const url = `http://${server.host}:${server.port}`;
  const publishableKey = `pk_test_standin${randomAlphanumeric(16)}`;
  const payer = createPayer(url, publishableKey);

  return {
    url,
    host: server.host,
    port: server.port,
    secretKey: `sk_test_standin${randomAlphanumeric(16)}`,
    publishableKey,
    addWebhookEndpoint: (endpointUrl, secret) => webhooks.addEndpoint(endpointUrl, secret),
    setWebhookMode: (mode) => webhooks.setMode(mode),
    releaseWebhooks: () => webhooks.release(),
    webhooksSettled: () => webhooks.settled(),
    events: store.events,
    deliveries,
    async resendEvent(eventId) {
      const event = store.events.find((candidate) => candidate.id === eventId);
      if (!event) throw new Error(`The Stripe stand-in has no event ${eventId}`);
      await webhooks.resend(event);
    },
    confirmAsPayer: (input) => payer.confirm(input),
    authenticateAsPayer: (input) => payer.authenticate(input),
    async advanceRefunds() {
      advanceRefunds(store, emitterFor(store, webhooks.sink, { id: null, idempotency_key: null }));
      webhooks.flush();
    },
    paymentIntents: store.paymentIntents,
    setupIntents: store.setupIntents,
    customers: store.customers,
    refunds: store.refunds,
    requestCounts: () => Object.fromEntries(counts),
    async close() {
      webhooks.close();
      await server.close();
    },
  };
}
