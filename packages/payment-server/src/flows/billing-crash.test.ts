import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createManualClock, migrate } from '@bazaar/server-kit';
import { openTestDatabase, TEST_DIALECTS, type TestDatabase } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paymentMigrations } from '../db/migrations/index.ts';
import type { PaymentDb } from '../db/tables.ts';
import type { PaymentDeps } from '../deps.ts';
import { seedDemoData } from '../demo/seed.ts';
import { createTestCardNetwork } from '../providers/test-card-network.ts';
import { createStripeClients } from '../providers/stripe/client.ts';
import { createEvmChains } from '../providers/evm-chain.ts';
import { DEFAULT_PAYMENT_LIMITS } from '../limits.ts';
import { createClockedSubscription } from '../test-utils/clocked-subscription.ts';
import { TEST_NOW } from '../test-utils/payment-test-kit.ts';
import { BILLING_BATCH_SIZE as BATCH, COLLECTION_LEASE_SECONDS } from './collect-invoice.ts';
import { createCatalogueCache } from '../modules/catalogue/cache.ts';
import { DEFAULT_WEBHOOK_POLICY } from '../modules/webhooks/policy.ts';

const CHILD = join(import.meta.dirname, '../test-utils/billing-child.ts');
/** More than two renewal batches, so a crash can land between committed batches. */
const SUBSCRIPTIONS = 450;

/** Runs one billing worker process to its end or its crash: 'done' or the signal that killed it. */
async function runChild(target: string, now: number, crash?: string): Promise<string> {
  const child = spawn(process.execPath, [CHILD, target, String(now), ...(crash ? [crash] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  return signal ?? (code === 0 ? output.trim() : `exit ${code}`);
}

describe.each(TEST_DIALECTS)('billing worker killed with SIGKILL on %s', (dialect) => {
  let database: TestDatabase;
  let db: PaymentDb;
  let target: string;

  beforeEach(async () => {
    database = await openTestDatabase(dialect);
    target = database.target;
    db = database.db as PaymentDb;
    await migrate(database, 'payment_kit', paymentMigrations);
  });
  afterEach(async () => {
    await database.close();
  });

  async function count(query: Promise<{ count: number | string | bigint }>) {
    return Number((await query).count);
  }

  it(
    'resumes without a duplicate invoice or a second charge, at every crash point',
    { timeout: 120_000 },
    async () => {
      const clock = createManualClock(TEST_NOW);
      const deps: PaymentDeps = {
        db,
        clock,
        flushEvents: async () => {},
        cards: createTestCardNetwork(db),
        stripe: createStripeClients(),
        chains: createEvmChains(),
        limits: DEFAULT_PAYMENT_LIMITS,
        catalogue: createCatalogueCache(),
        webhooks: DEFAULT_WEBHOOK_POLICY,
        sellerName: 'Bazaar',
      };
      await seedDemoData(deps);
      for (let index = 0; index < SUBSCRIPTIONS; index += 1) {
        await createClockedSubscription(deps, { testClock: false });
      }
      const { current_period_end: periodEnd } = await db
        .selectFrom('subscriptions')
        .select('current_period_end')
        .executeTakeFirstOrThrow();
      const invoices = () =>
        count(
          db
            .selectFrom('invoices')
            .select((eb) => eb.fn.countAll().as('count'))
            .executeTakeFirstOrThrow(),
        );
      const paid = () =>
        count(
          db
            .selectFrom('invoices')
            .select((eb) => eb.fn.countAll().as('count'))
            .where('status', '=', 'paid')
            .executeTakeFirstOrThrow(),
        );

      // Dies inside the second renewal batch: the first batch stays, the second leaves no trace.
      expect(await runChild(target, periodEnd, 'in-renewal:2')).toBe('SIGKILL');
      expect(await invoices()).toBe(BATCH);

      // Renews the rest, then dies after the fifth charge, before any outcome is recorded.
      expect(await runChild(target, periodEnd, 'after-charge:5')).toBe('SIGKILL');
      expect(await invoices()).toBe(SUBSCRIPTIONS);
      expect(await paid()).toBe(0);
      const chargedBeforeRestart = await db.selectFrom('test_card_charges').selectAll().execute();
      expect(chargedBeforeRestart.length).toBeGreaterThanOrEqual(5);

      // The crashed worker's batch stays leased to it, each attempt still scheduled as it was...
      const leased = await db
        .selectFrom('invoices')
        .select(['collection_lease_holder', 'collection_lease_until', 'next_payment_attempt'])
        .where('collection_lease_until', 'is not', null)
        .execute();
      expect(leased).toHaveLength(BATCH);
      expect(
        leased.every(
          (row) =>
            row.collection_lease_holder === 'engine' &&
            row.collection_lease_until === periodEnd + COLLECTION_LEASE_SECONDS &&
            row.next_payment_attempt === periodEnd,
        ),
      ).toBe(true);
      // ...so a restart at once collects only the others...
      expect(await runChild(target, periodEnd)).toBe('done');
      expect(await paid()).toBe(SUBSCRIPTIONS - BATCH);
      // ...and collects them once the lease has run out, repeating the crashed attempt's key.
      expect(await runChild(target, periodEnd + COLLECTION_LEASE_SECONDS)).toBe('done');

      const rows = await db
        .selectFrom('invoices')
        .select([
          'id',
          'subscription_id',
          'period_start',
          'status',
          'attempt_count',
          'amount_paid',
          'collection_lease_until',
        ])
        .execute();
      expect(rows).toHaveLength(SUBSCRIPTIONS);
      expect(new Set(rows.map((row) => `${row.subscription_id}:${row.period_start}`)).size).toBe(
        SUBSCRIPTIONS,
      );
      expect(
        rows.every(
          (row) =>
            row.status === 'paid' &&
            row.attempt_count === 1 &&
            row.amount_paid === '999' &&
            row.collection_lease_until === null,
        ),
      ).toBe(true);
      const charges = await db
        .selectFrom('test_card_charges')
        .select(['idempotency_key', 'status'])
        .execute();
      expect(charges).toHaveLength(SUBSCRIPTIONS);
      expect(new Set(charges.map((charge) => charge.idempotency_key))).toEqual(
        new Set(rows.map((row) => `${row.id}:attempt:1`)),
      );
      expect(charges.every((charge) => charge.status === 'succeeded')).toBe(true);
      // The charges taken before the crash are the ones the restart recorded, not new ones.
      const keys = new Set(charges.map((charge) => charge.idempotency_key));
      expect(chargedBeforeRestart.every((charge) => keys.has(charge.idempotency_key))).toBe(true);
      const subscriptions = await db
        .selectFrom('subscriptions')
        .select(['current_period_start', 'status'])
        .execute();
      expect(
        subscriptions.every((row) => row.current_period_start === periodEnd && row.status === 'active'),
      ).toBe(true);
    },
  );
});
