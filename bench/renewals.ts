/**
 * The billing engine on this machine, on SQLite (a file, WAL) and on PostgreSQL: 100,000
 * subscriptions fall due at once and one `runBilling` renews them (a subscription_cycle invoice
 * each) and collects them with the test card network. Printed next to the same database's raw
 * rate of transactions that insert one row (one at a time, and 16 at a time as the engine's
 * charges run), measured in the same run, and the engine process's peak RSS.
 *
 *   npm run bench:renewals            (or: node bench/renewals.ts [subscriptions=100000])
 *
 * The engine runs in a child process of its own, so its peak RSS is its own and not the
 * fixtures'. The fixtures (customers, saved cards, subscriptions, items) go in by bulk inserts.
 */
import { cpus } from 'node:os';
import {
  createCatalogueCache,
  DEFAULT_WEBHOOK_POLICY,
  createEvmChains,
  createPaymentKit,
  createStripeClients,
  createTestCardNetwork,
  runBilling,
  type PaymentDeps,
  DEFAULT_PAYMENT_LIMITS,
} from '@bazaar/payment-server';
import { randomToken } from '@bazaar/schemas';
import { createManualClock, type Dialect } from '@bazaar/server-kit';
import { openTestDatabase, openTestTarget, TEST_DIALECTS } from '@bazaar/server-kit/testing';
import Fastify from 'fastify';
import {
  insertDueSubscriptions,
  PERIOD_END,
  PERIOD_START,
  spawnEngine,
  type AnyDb,
} from './due-subscriptions.ts';
import { peakRssMegabytes } from './peak-rss.ts';

const BASELINE_SECONDS = 5;
const BASELINE_CONCURRENCY = 16;

// ------------------------------------------------------------------ the engine (child process)

async function runEngine(target: string) {
  const database = await openTestTarget(target);
  const db = database.db as PaymentDeps['db'];
  const deps: PaymentDeps = {
    db,
    clock: createManualClock(PERIOD_END),
    flushEvents: async () => {},
    cards: createTestCardNetwork(db),
    stripe: createStripeClients(),
    chains: createEvmChains(),
    limits: DEFAULT_PAYMENT_LIMITS,
    catalogue: createCatalogueCache(),
    webhooks: DEFAULT_WEBHOOK_POLICY,
    sellerName: 'Bazaar',
  };
  const started = performance.now();
  const result = await runBilling(deps, { now: PERIOD_END, testClockId: null });
  const seconds = (performance.now() - started) / 1000;
  await database.close();
  process.stdout.write(`${JSON.stringify({ ...result, seconds, peakRssMb: peakRssMegabytes() })}\n`);
}

// ------------------------------------------------------------------ fixtures and baseline (parent)

/** Transactions per second that insert one row each, `concurrency` at a time, for a few seconds. */
async function insertRate(db: AnyDb, concurrency: number): Promise<number> {
  const deadline = performance.now() + BASELINE_SECONDS * 1000;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await db
          .transaction()
          .execute((trx) =>
            trx.insertInto('bench_rows').values({ id: randomToken(), created_at: PERIOD_START }).execute(),
          );
        done += 1;
      }
    }),
  );
  return Math.round(done / ((performance.now() - started) / 1000));
}

async function bench(dialect: Dialect, count: number) {
  const database = await openTestDatabase(dialect);
  const { target, close } = database;
  try {
    const kit = createPaymentKit({
      database,
      clock: createManualClock(PERIOD_START),
      relay: { publish: () => {} },
      logger: Fastify().log,
      appId: 'app_bench',
      appName: 'Bazaar bench',
      livemode: false,
    });
    await kit.migrate();
    await kit.seed();
    const db = database.db as AnyDb;
    await db.schema
      .createTable('bench_rows')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .execute();
    const oneAtATime = await insertRate(db, 1);
    const concurrent = await insertRate(db, BASELINE_CONCURRENCY);

    const fixturesStarted = performance.now();
    await insertDueSubscriptions(db, { kind: 'card', count });
    const fixtureSeconds = (performance.now() - fixturesStarted) / 1000;

    const engine = await spawnEngine<{
      renewed: number;
      collected: number;
      seconds: number;
      peakRssMb: number;
    }>(import.meta.filename, [target]);
    const paid = await db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('status', '=', 'paid')
      .where('billing_reason', '=', 'subscription_cycle')
      .executeTakeFirstOrThrow();
    const charges = await db
      .selectFrom('test_card_charges')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('status', '=', 'succeeded')
      .executeTakeFirstOrThrow();
    if (Number(paid.count) !== count || Number(charges.count) !== count) {
      throw new Error(`${dialect}: ${paid.count} paid invoices and ${charges.count} charges for ${count}`);
    }
    return {
      db: dialect,
      subscriptions: count,
      'invoices/s': Math.round(count / engine.seconds),
      'engine s': Math.round(engine.seconds * 10) / 10,
      'insert tx/s (1 at a time)': oneAtATime,
      [`insert tx/s (${BASELINE_CONCURRENCY} at a time)`]: concurrent,
      'engine peak RSS MB': engine.peakRssMb,
      'fixtures s': Math.round(fixtureSeconds * 10) / 10,
    };
  } finally {
    await close();
  }
}

async function main(count: number) {
  const rows = [];
  for (const dialect of TEST_DIALECTS) rows.push(await bench(dialect, count));
  const cpu = cpus();
  console.log(
    `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, Node ${process.version}; ${count} due monthly ` +
      'subscriptions renewed and collected (4242 saved cards) by one runBilling; every invoice paid, one charge each',
  );
  console.table(rows);
}

const [mode, target] = process.argv.slice(2);
if (mode === 'engine') await runEngine(target!);
else await main(Number(mode ?? 100_000));
