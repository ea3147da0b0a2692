import type { Clock } from '@bazaar/server-kit';
import type { PaymentDb } from './db/tables.ts';
import type { CatalogueCache } from './modules/catalogue/cache.ts';
import type { CardNetwork } from './providers/card-network.ts';
import type { StripeClients } from './providers/stripe/client.ts';
import type { EvmChains } from './providers/evm-chain.ts';
import type { PaymentLimits } from './limits.ts';
import type { WebhookPolicy } from './modules/webhooks/policy.ts';

/** What every Payment Kit service receives; tests pass a real database and a manual clock. */
export interface PaymentDeps {
  db: PaymentDb;
  clock: Clock;
  /** Pushes committed outbox events to the relay; called after a transaction that wrote events. */
  flushEvents(): Promise<void>;
  /** Card payments of every method: the page's card step, renewals' charges of saved cards, refunds. */
  cards: CardNetwork;
  /** The Stripe SDK client of each keyed `stripe` method (its confirmations and webhooks). */
  stripe: StripeClients;
  /** The EVM chains chain methods pay on. */
  chains: EvmChains;
  limits: PaymentLimits;
  /** Links, prices and payment methods as checkouts read them, kept while the catalogue is unchanged. */
  catalogue: CatalogueCache;
  webhooks: WebhookPolicy;
  /** Who issues the invoices: the platform's name. */
  sellerName: string;
}
