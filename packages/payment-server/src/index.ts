import { COMPONENT_IDS, type EventSubscriber, type PaymentKitContract } from '@bazaar/schemas';
import { migrate, useZod, type ComponentDeps, type PlatformComponent } from '@bazaar/server-kit';
import type { FastifyInstance } from 'fastify';
import { paymentMigrations } from './db/migrations/index.ts';
import type { PaymentDb } from './db/tables.ts';
import type { PaymentDeps } from './deps.ts';
import { DEFAULT_PAYMENT_LIMITS, type PaymentLimits } from './limits.ts';
import { seedDemoData } from './demo/seed.ts';
import { createBillingWorker } from './flows/run-billing.ts';
import { createTestClockAdvancer } from './flows/advance-test-clock.ts';
import { registerOpenApi } from './http/openapi.ts';
import { createSessionSweeper } from './modules/checkout-sessions/expiry.ts';
import { registerCheckoutSessionRoutes } from './modules/checkout-sessions/routes.ts';
import { registerCustomerRoutes } from './modules/customers/routes.ts';
import { registerInvoiceRoutes } from './modules/invoices/routes.ts';
import { createOutboxDispatcher } from './modules/events/dispatcher.ts';
import { registerPaymentLinkRoutes } from './modules/payment-links/routes.ts';
import { registerPaymentMethodRoutes, registerStripeWebhookRoute } from './modules/payment-methods/routes.ts';
import { registerPriceRoutes } from './modules/prices/routes.ts';
import { registerProductRoutes } from './modules/products/routes.ts';
import { registerSubscriptionRoutes } from './modules/subscriptions/routes.ts';
import { registerTestClockRoutes } from './modules/test-clocks/routes.ts';
import { createTestCardNetwork } from './providers/test-card-network.ts';
import { createCardNetworks } from './providers/card-networks.ts';
import { createStripeClients, type StripeApiTarget } from './providers/stripe/client.ts';
import { createEvmChains } from './providers/evm-chain.ts';
import { createChainWatcher } from './flows/confirm-chain-transactions.ts';
import { seedDemoChain } from './demo/seed-chain.ts';
import { registerCardRoutes, registerPaymentIntentRoutes } from './modules/payment-intents/routes.ts';
import { registerUsageRecordRoutes } from './modules/usage-records/routes.ts';
import { createCatalogueCache } from './modules/catalogue/cache.ts';
import { registerEventRoutes } from './modules/events/routes.ts';
import { createWebhookSender } from './modules/webhooks/delivery.ts';
import { saveSubscriberEndpoints } from './modules/webhooks/component-subscribers.ts';
import { DEFAULT_WEBHOOK_POLICY, type WebhookPolicy } from './modules/webhooks/policy.ts';
import { registerWebhookRoutes } from './modules/webhooks/routes.ts';
import { registerRefundRoutes } from './modules/refunds/routes.ts';
import { registerSettingRoutes } from './modules/settings/routes.ts';
import { registerDonationRoutes } from './modules/donations/routes.ts';
import { registerMetricsRoutes } from './modules/metrics/routes.ts';
import { createMetricsRollup } from './flows/roll-up-metrics.ts';
import { createRefundSender } from './flows/refund-payment.ts';
import { createEventLogPruner } from './flows/prune-event-log.ts';
import { createPaymentServices } from './component-services.ts';

export type { PaymentDeps } from './deps.ts';
export { DEFAULT_PAYMENT_LIMITS, type PaymentLimits } from './limits.ts';
export { paymentMigrations } from './db/migrations/index.ts';
export { DEMO } from './demo/seed.ts';
export { DEMO_CHAIN, deployDemoToken } from './demo/seed-chain.ts';
export { createEvmChains } from './providers/evm-chain.ts';
export { createCatalogueCache } from './modules/catalogue/cache.ts';
export { DEFAULT_WEBHOOK_POLICY, type WebhookPolicy } from './modules/webhooks/policy.ts';
export { deliverDueWebhooks } from './modules/webhooks/delivery.ts';
export { createTestCardNetwork, TEST_CARDS } from './providers/test-card-network.ts';
export { createCardNetworks } from './providers/card-networks.ts';
export { createStripeClients, type StripeApiTarget } from './providers/stripe/client.ts';
export { runBilling } from './flows/run-billing.ts';
export { confirmPendingChainTransactions } from './flows/confirm-chain-transactions.ts';
export { rollUpMetrics } from './flows/roll-up-metrics.ts';

/** Registers the Payment Kit's public API on a Fastify instance (mounted at `/payment-kit/api`). */
export async function registerPaymentRoutes(instance: FastifyInstance, deps: PaymentDeps) {
  await registerOpenApi(instance);
  const app = useZod(instance);
  registerPaymentMethodRoutes(app, deps);
  registerProductRoutes(app, deps);
  registerPriceRoutes(app, deps);
  registerPaymentLinkRoutes(app, deps);
  registerCheckoutSessionRoutes(app, deps);
  registerCustomerRoutes(app, deps);
  registerInvoiceRoutes(app, deps);
  registerSubscriptionRoutes(app, deps);
  registerCardRoutes(app, deps);
  registerPaymentIntentRoutes(app, deps);
  registerUsageRecordRoutes(app, deps);
  registerTestClockRoutes(app, deps);
  registerEventRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  registerRefundRoutes(app, deps);
  registerSettingRoutes(app, deps);
  registerDonationRoutes(app, deps);
  registerMetricsRoutes(app, deps);
  await registerStripeWebhookRoute(app, deps);
}

/**
 * The Payment Kit as a platform component. The host is expected to resolve `request.user`,
 * install the error envelope and the Idempotency-Key hooks (with their migrations) before
 * mounting `api`; the submit route opts in with `config: { idempotent: true }`.
 */
export interface PaymentKitOptions {
  /** Test mode on a local chain: the demo's chain method pays there (see `seedDemoChain`). */
  demoChain?: { rpcUrl: string };
  /** Abuse limits (stock holds, session retention); the defaults suit a public install. */
  limits?: Partial<PaymentLimits>;
  /** Where webhooks may go and how long an attempt waits; the defaults refuse private networks. */
  webhooks?: Partial<WebhookPolicy>;
  /** Where the Stripe SDK sends its requests instead of Stripe's API (`STRIPE_API_URL`: a stand-in). */
  stripeApi?: StripeApiTarget;
}

/**
 * The Payment Kit component, which the platform's other components use through its contract:
 * its services (`component-services.ts`) and its events, delivered in-process at least once and
 * in order per object, as webhooks are (`modules/webhooks/component-subscribers.ts`).
 */
export interface PaymentKit extends PlatformComponent, PaymentKitContract {}

export function createPaymentKit(componentDeps: ComponentDeps, options: PaymentKitOptions = {}): PaymentKit {
  // The kit owns its tables; the kit-level handle is untyped, so narrow it once here.
  const db = componentDeps.database.db as PaymentDb;
  const outbox = createOutboxDispatcher({
    db,
    clock: componentDeps.clock,
    relay: componentDeps.relay,
    appId: componentDeps.appId,
    logger: componentDeps.logger,
  });
  const stripe = createStripeClients(options.stripeApi);
  const deps: PaymentDeps = {
    db,
    clock: componentDeps.clock,
    flushEvents: outbox.flush,
    cards: createCardNetworks({ db, clients: stripe, test: createTestCardNetwork(db) }),
    stripe,
    chains: createEvmChains(),
    limits: { ...DEFAULT_PAYMENT_LIMITS, ...options.limits },
    catalogue: createCatalogueCache(),
    webhooks: { ...DEFAULT_WEBHOOK_POLICY, ...options.webhooks },
    sellerName: componentDeps.appName,
  };
  const sessionSweeper = createSessionSweeper(deps, componentDeps.logger);
  const billingWorker = createBillingWorker(deps, componentDeps.logger);
  const testClockAdvancer = createTestClockAdvancer(deps, componentDeps.logger);
  const chainWatcher = createChainWatcher(deps, componentDeps.logger);
  const subscribers = new Map<string, EventSubscriber>();
  let isMigrated = false;
  const webhookSender = createWebhookSender({ ...deps, subscribers }, componentDeps.logger);
  const refundSender = createRefundSender(deps, componentDeps.logger);
  const eventLogPruner = createEventLogPruner(deps, componentDeps.logger);
  const metricsRollup = createMetricsRollup(deps, componentDeps.logger);
  return {
    did: COMPONENT_IDS.paymentKit,
    name: 'Payment Kit',
    mountPoint: '/payment-kit',
    api: async (instance) => registerPaymentRoutes(instance, deps),
    migrate: async () => {
      await migrate(componentDeps.database, 'payment_kit', paymentMigrations);
      await saveSubscriberEndpoints(db, subscribers, componentDeps.clock.now());
      isMigrated = true;
    },
    services: createPaymentServices(deps),
    subscribe(subscriber) {
      if (isMigrated)
        throw new Error(`${subscriber.name} subscribed to the Payment Kit after it was migrated`);
      subscribers.set(subscriber.name, subscriber);
    },
    seed: async () => {
      await seedDemoData(deps);
      if (options.demoChain) await seedDemoChain(deps, options.demoChain);
    },
    start: () => {
      outbox.start();
      sessionSweeper.start();
      billingWorker.start();
      testClockAdvancer.start();
      chainWatcher.start();
      webhookSender.start();
      refundSender.start();
      eventLogPruner.start();
      metricsRollup.start();
    },
    stop: async () => {
      await eventLogPruner.stop();
      await metricsRollup.stop();
      await refundSender.stop();
      await webhookSender.stop();
      await chainWatcher.stop();
      await testClockAdvancer.stop();
      await billingWorker.stop();
      await sessionSweeper.stop();
      await outbox.stop();
    },
  };
}
