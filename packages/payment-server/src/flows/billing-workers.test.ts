import { openDatabase, type Database } from '@bazaar/server-kit';
import { TEST_POSTGRES_URL } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentDb } from '../db/tables.ts';
import type { PaymentDeps } from '../deps.ts';
import { createTestCardNetwork } from '../providers/test-card-network.ts';
import { createClockedSubscription } from '../test-utils/clocked-subscription.ts';
import { openPaymentTestKit, type PaymentTestKit } from '../test-utils/payment-test-kit.ts';
import { runBilling } from './run-billing.ts';

const SUBSCRIPTIONS = 200;

// SQLite has one writer, so two workers there simply take turns; PostgreSQL is where they race.
describe('two billing workers on postgres', () => {
  let kit: PaymentTestKit;
  let second: Database;

  beforeEach(async () => {
    kit = await openPaymentTestKit('postgres');
    second = await openDatabase({ url: TEST_POSTGRES_URL, schema: kit.database.schema! });
  });
  afterEach(async () => {
    await second.close();
    await kit.close();
  });

  it(
    'bill every due subscription once between them, one charge per invoice',
    { timeout: 60_000 },
    async () => {
      for (let index = 0; index < SUBSCRIPTIONS; index += 1) {
        await createClockedSubscription(kit.deps, { testClock: false });
      }
      const { current_period_end: now } = await kit.db
        .selectFrom('subscriptions')
        .select('current_period_end')
        .executeTakeFirstOrThrow();
      const db = second.db as PaymentDb;
      const other: PaymentDeps = { ...kit.deps, db, cards: createTestCardNetwork(db) };

      // Small batches, so the two keep claiming side by side instead of one taking everything.
      const [first, next] = await Promise.all([
        runBilling(kit.deps, { now, testClockId: null, batchSize: 20 }),
        runBilling(other, { now, testClockId: null, batchSize: 20 }),
      ]);
      expect(first.renewed + next.renewed).toBe(SUBSCRIPTIONS);
      expect(first.collected + next.collected).toBe(SUBSCRIPTIONS);
      expect(first.renewed).toBeGreaterThan(0);
      expect(next.renewed).toBeGreaterThan(0);

      const invoices = await kit.db
        .selectFrom('invoices')
        .select(['id', 'subscription_id', 'status'])
        .execute();
      expect(invoices).toHaveLength(SUBSCRIPTIONS);
      expect(new Set(invoices.map((invoice) => invoice.subscription_id)).size).toBe(SUBSCRIPTIONS);
      expect(invoices.every((invoice) => invoice.status === 'paid')).toBe(true);
      const charges = await kit.db.selectFrom('test_card_charges').select('idempotency_key').execute();
      expect(charges.map((charge) => charge.idempotency_key).sort()).toEqual(
        invoices.map((invoice) => `${invoice.id}:attempt:1`).sort(),
      );
      const numbers = await kit.db.selectFrom('invoices').select('number').execute();
      expect(new Set(numbers.map((row) => row.number)).size).toBe(SUBSCRIPTIONS);
    },
  );
});
