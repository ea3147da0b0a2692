import { eventSchema, type EventPayload, type RelayEvent, type SessionUser } from '@bazaar/schemas';
import {
  createManualClock,
  migrate,
  type Database,
  type Dialect,
  type ManualClock,
  type RelayAudience,
} from '@bazaar/server-kit';
import { openTestDatabase } from '@bazaar/server-kit/testing';
import Fastify from 'fastify';
import { paymentMigrations } from '../db/migrations/index.ts';
import type { PaymentDb } from '../db/tables.ts';
import type { PaymentDeps } from '../deps.ts';
import { seedDemoData } from '../demo/seed.ts';
import { EMPTY_ADDRESS, saveCustomer, type CustomerDetails } from '../modules/customers/service.ts';
import { createOutboxDispatcher } from '../modules/events/dispatcher.ts';
import { createEvmChains } from '../providers/evm-chain.ts';
import { DEFAULT_PAYMENT_LIMITS } from '../limits.ts';
import { createTestCardNetwork } from '../providers/test-card-network.ts';
import { createCardNetworks } from '../providers/card-networks.ts';
import { createStripeClients, type StripeApiTarget } from '../providers/stripe/client.ts';
import { createCatalogueCache } from '../modules/catalogue/cache.ts';

export const TEST_APP_ID = 'app_test';
/** 2027-01-15, a fixed instant so expiry and card dates are deterministic. */
export const TEST_NOW = 1_800_000_000;

export interface PaymentTestKit {
  database: Database;
  db: PaymentDb;
  deps: PaymentDeps;
  clock: ManualClock;
  /** What the outbox pushed to the relay, in order, with the channel and who may hear it. */
  published: { channel: string; event: RelayEvent; audience: RelayAudience }[];
  close(): Promise<void>;
}

/**
 * A migrated, seeded Payment Kit database with a manual clock and a recording relay. `stripeApi`:
 * where keyed Stripe methods' requests go (a stand-in).
 */
export async function openPaymentTestKit(
  dialect: Dialect,
  options: { stripeApi?: StripeApiTarget } = {},
): Promise<PaymentTestKit> {
  const database = await openTestDatabase(dialect);
  const db = database.db as PaymentDb;
  const clock = createManualClock(TEST_NOW);
  const published: PaymentTestKit['published'] = [];
  const outbox = createOutboxDispatcher({
    db,
    clock,
    relay: {
      publish: (channel, deliveries) => {
        for (const { event, audience } of deliveries) published.push({ channel, event, audience });
      },
    },
    appId: TEST_APP_ID,
    logger: Fastify().log,
  });
  const stripe = createStripeClients(options.stripeApi);
  const deps: PaymentDeps = {
    db,
    clock,
    flushEvents: outbox.flush,
    cards: createCardNetworks({ db, clients: stripe, test: createTestCardNetwork(db) }),
    stripe,
    chains: createEvmChains(),
    limits: DEFAULT_PAYMENT_LIMITS,
    catalogue: createCatalogueCache(),
    // Tests' receivers listen on loopback; a short wait keeps a timeout test quick.
    webhooks: { allowPrivateAddresses: true, timeoutMs: 2_000 },
    sellerName: 'Bazaar',
  };
  await migrate(database, 'payment_kit', paymentMigrations);
  await seedDemoData(deps);
  return { database, db, deps, clock, published, close: () => database.close() };
}

/** The payloads in the outbox, in order, with the details webhooks carry (the relay keeps only ids). */
export async function recordedPayloads(db: PaymentDb, type?: EventPayload['type']): Promise<EventPayload[]> {
  const rows = await db
    .selectFrom('events')
    .select(['type', 'data'])
    .orderBy('created_at')
    .orderBy('position')
    .execute();
  return rows
    .filter((row) => type === undefined || row.type === type)
    .map((row) => eventSchema.parse({ type: row.type, data: JSON.parse(row.data) }));
}

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    did: 'did:bazaar:usr_payer',
    fullName: 'Ada Payer',
    email: 'ada@example.com',
    walletAddress: null,
    avatar: '',
    role: 'member',
    passports: [{ role: 'member', name: 'member' }],
    ...overrides,
  };
}

/** A valid submit body for the demo card in USD; override what a test is about. */
export function makeSubmitBody(overrides: Record<string, unknown> = {}) {
  return {
    customer_name: 'Ada Payer',
    customer_email: 'ada@example.com',
    customer_phone: '',
    payment_method: 'pm_demo_card',
    payment_currency: 'pc_demo_usd',
    ...overrides,
  };
}

const COUNTED_TABLES = ['customers', 'payment_intents', 'invoices', 'events'] as const;

/** Rows per table and units sold per price, to prove a refused request wrote nothing. */
export async function countRows(db: PaymentDb) {
  const counts = {} as Record<(typeof COUNTED_TABLES)[number], number>;
  for (const table of COUNTED_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  const sold = await db.selectFrom('prices').select(['id', 'quantity_sold']).orderBy('id').execute();
  return { ...counts, sold: Object.fromEntries(sold.map((row) => [row.id, row.quantity_sold])) };
}

/** The default payer's contact details, as a test-mode customer of `did`. */
export function testCustomerDetails(did: string): CustomerDetails {
  return {
    did,
    livemode: false,
    name: 'Ada Payer',
    email: 'ada@example.com',
    phone: '',
    address: EMPTY_ADDRESS,
    isAnonymous: false,
  };
}

/** A test-mode customer of `did` with the default payer's contact details. */
export function saveTestCustomer(deps: Pick<PaymentDeps, 'db' | 'clock'>, did: string) {
  return saveCustomer(deps, testCustomerDetails(did));
}
