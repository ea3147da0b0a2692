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
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPaymentKit,
  createEvmChains,
  createTestCardNetwork,
  DEMO,
  runBilling,
  type PaymentDeps,
} from '@bazaar/payment-server';
import { randomToken } from '@bazaar/schemas';
import { createManualClock, openDatabase, type Database, type Dialect } from '@bazaar/server-kit';
import { openTestDatabase, TEST_DIALECTS, TEST_POSTGRES_URL } from '@bazaar/server-kit/testing';
import Fastify from 'fastify';
import type { Kysely } from 'kysely';

/** 2027-01-15, when every subscription's first month starts; they are all due a month later. */
const PERIOD_START = 1_800_000_000;
const PERIOD_END = Date.UTC(2027, 1, 15, 8) / 1000;
const BASELINE_SECONDS = 5;
const BASELINE_CONCURRENCY = 16;
const ROWS_PER_INSERT = 1_000;

// ------------------------------------------------------------------ the engine (child process)

async function openTarget(target: string): Promise<Database> {
  return openDatabase(target.endsWith('.db') ? { url: target } : { url: TEST_POSTGRES_URL, schema: target });
}

/**
 * This process's peak RSS. Not `resourceUsage().maxRSS`: Linux keeps that across exec, so a
 * child would report its parent's peak; VmHWM belongs to the process's own memory map.
 */
function peakRssMegabytes(): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function runEngine(target: string) {
  const database = await openTarget(target);
  const db = database.db as PaymentDeps['db'];
  const deps: PaymentDeps = {
    db,
    clock: createManualClock(PERIOD_END),
    flushEvents: async () => {},
    cards: createTestCardNetwork(db),
    chains: createEvmChains(),
  };
  const started = performance.now();
  const result = await runBilling(deps, { now: PERIOD_END, testClockId: null });
  const seconds = (performance.now() - started) / 1000;
  await database.close();
  process.stdout.write(`${JSON.stringify({ ...result, seconds, peakRssMb: peakRssMegabytes() })}\n`);
}

// ------------------------------------------------------------------ fixtures and baseline (parent)

// The bench writes tables the kit's typed handle does not list (bench_rows), so it goes untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function insertChunked(db: AnyDb, table: string, rows: readonly Record<string, unknown>[]) {
  for (let index = 0; index < rows.length; index += ROWS_PER_INSERT) {
    await db
      .insertInto(table)
      .values(rows.slice(index, index + ROWS_PER_INSERT))
      .execute();
  }
}

/** `count` customers, each with a saved 4242 card and an active monthly subscription due at PERIOD_END. */
async function insertDueSubscriptions(db: AnyDb, count: number) {
  await db.transaction().execute(async (trx) => {
    for (let offset = 0; offset < count; offset += 10_000) {
      const ids = Array.from({ length: Math.min(10_000, count - offset) }, (_, index) => {
        const n = String(offset + index).padStart(6, '0');
        return {
          customer: `cus_bench${n}`,
          card: `card_bench${n}`,
          subscription: `sub_bench${n}`,
          item: `si_bench${n}`,
        };
      });
      const at = { created_at: PERIOD_START };
      await insertChunked(
        trx,
        'customers',
        ids.map((id) => ({
          ...at,
          id: id.customer,
          did: `did:bazaar:${id.customer}`,
          livemode: 0,
          name: 'Bench Payer',
          email: 'bench@example.com',
          phone: '',
          address: '{}',
          metadata: '{}',
          invoice_prefix: randomToken(8).toUpperCase(),
          invoice_sequence: 0,
          updated_at: PERIOD_START,
        })),
      );
      await insertChunked(
        trx,
        'test_cards',
        ids.map((id) => ({
          ...at,
          id: id.card,
          customer_id: id.customer,
          brand: 'visa',
          last4: '4242',
          exp_month: 12,
          exp_year: 2099,
          behavior: 'succeeds',
        })),
      );
      await insertChunked(
        trx,
        'subscriptions',
        ids.map((id) => ({
          ...at,
          id: id.subscription,
          customer_id: id.customer,
          status: 'active',
          currency_id: DEMO.usdCurrencyId,
          default_payment_method_id: DEMO.cardMethodId,
          payment_card: JSON.stringify({ card_id: id.card, brand: 'visa', last4: '4242' }),
          checkout_session_id: null,
          billing_cycle_anchor: PERIOD_START,
          current_period_start: PERIOD_START,
          current_period_end: PERIOD_END,
          trial_start: null,
          trial_end: null,
          canceled_at: null,
          ended_at: null,
          cancelation_details: null,
          latest_invoice_id: null,
          test_clock_id: null,
          livemode: 0,
          updated_at: PERIOD_START,
        })),
      );
      await insertChunked(
        trx,
        'subscription_items',
        ids.map((id) => ({
          ...at,
          id: id.item,
          subscription_id: id.subscription,
          price_id: DEMO.monthlyPriceId,
          quantity: 1,
        })),
      );
    }
  });
}

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

async function openBenchDatabase(
  dialect: Dialect,
): Promise<{ database: Database; target: string; close(): Promise<void> }> {
  if (dialect === 'postgres') {
    const database = await openTestDatabase('postgres');
    return { database, target: database.schema!, close: () => database.close() };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bazaar-bench-'));
  const target = join(dir, 'renewals.db');
  const database = await openDatabase({ url: target });
  return {
    database,
    target,
    async close() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function spawnEngine(target: string) {
  const child = spawn(process.execPath, [import.meta.filename, 'engine', target], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the engine exited with ${code}`);
  return JSON.parse(output) as { renewed: number; collected: number; seconds: number; peakRssMb: number };
}

async function bench(dialect: Dialect, count: number) {
  const { database, target, close } = await openBenchDatabase(dialect);
  try {
    const kit = createPaymentKit({
      database,
      clock: createManualClock(PERIOD_START),
      relay: { publish: () => {} },
      logger: Fastify().log,
      appId: 'app_bench',
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
    await insertDueSubscriptions(db, count);
    const fixtureSeconds = (performance.now() - fixturesStarted) / 1000;

    const engine = await spawnEngine(target);
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
