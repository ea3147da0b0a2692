/**
 * The admin dashboard's overview over a year of 100,000 payments, on SQLite and on PostgreSQL:
 * `GET /api/metrics/overview` cut by day (365 points) and by month, and `GET
 * /api/metrics/top-products` (every paid invoice's lines of the year), p50 and p99 over repeated
 * requests through the platform's HTTP stack, next to `GET /api/invoices/{id}` (one invoice),
 * measured the same way in the same run. Target: p99 ≤ 100 ms. Gross volume and top products
 * read per-day rollups of payments and paid invoices, which the kit's job keeps current every
 * second; the seeded year is rolled up first, and how long that took is printed too.
 *
 *   npm run bench:admin-metrics   (or: npx node bench/admin-metrics.ts [payments=100000] [requests=100])
 */
import { rollUpMetrics, type PaymentDeps } from '@bazaar/payment-server';
import { randomToken } from '@bazaar/schemas';
import {
  createTestPlatform,
  payTestCheckout,
  startTestCheckout,
  type TestPlatform,
} from '@bazaar/platform/testing';
import { insertRows, type Dialect } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { sql } from 'kysely';
import { describeRun, timeRequests } from './request-timing.ts';

const PAYMENTS = Number(process.argv[2] ?? 100_000);
const REQUESTS = Number(process.argv[3] ?? 100);
/** One payment in twenty is refunded, one attempt in twenty fails; one subscription per fifty payments. */
const REFUNDS = PAYMENTS / 20;
const FAILURES = PAYMENTS / 20;
const SUBSCRIPTIONS = PAYMENTS / 50;
const API = '/payment-kit/api';
const YEAR_SECONDS = 365 * 86_400;
/** Rows per insert, under SQLite's bound-parameter limit. */
const SLICE = 200;

async function insertSliced<T>(
  rows: (index: number) => T,
  count: number,
  insert: (slice: T[]) => Promise<void>,
) {
  for (let start = 0; start < count; start += SLICE) {
    await insert(Array.from({ length: Math.min(SLICE, count - start) }, (_, offset) => rows(start + offset)));
  }
}

/**
 * A one-time checkout and a subscription are paid through the API; their rows are then copied,
 * spread over the year before the clock, so every row is one the kit itself would write.
 */
async function seedYear(platform: TestPlatform, cookie: string): Promise<string> {
  const payer = { cookie, email: 'payer@example.com' };
  const intentId = await payTestCheckout(
    platform.app,
    await startTestCheckout(platform.app, 'plink_demo_onetime', cookie),
    payer,
  );
  await payTestCheckout(
    platform.app,
    await startTestCheckout(platform.app, 'plink_demo_subscription', cookie),
    payer,
  );
  const db = platform.database.db;
  const intent = await db
    .selectFrom('payment_intents')
    .selectAll()
    .where('id', '=', intentId)
    .executeTakeFirstOrThrow();
  const invoice = await db
    .selectFrom('invoices')
    .selectAll()
    .where('payment_intent_id', '=', intentId)
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom('invoice_lines')
    .selectAll()
    .where('invoice_id', '=', invoice.id)
    .execute();
  const subscription = await db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
  const item = await db.selectFrom('subscription_items').selectAll().executeTakeFirstOrThrow();
  const now = platform.clock.now();
  const at = (index: number, count: number) =>
    now - YEAR_SECONDS + Math.floor((index * YEAR_SECONDS) / count);

  const intentIds: string[] = [];
  await insertSliced(
    (index) => {
      const paidAt = at(index, PAYMENTS);
      const copy = { ...intent, id: `pi_${randomToken()}`, created_at: paidAt - 60, updated_at: paidAt };
      intentIds.push(copy.id);
      return {
        intent: copy,
        invoice: {
          ...invoice,
          id: `in_${randomToken()}`,
          number: `${invoice.number}-${index}`,
          payment_intent_id: copy.id,
          created_at: paidAt - 60,
          paid_at: paidAt,
        },
      };
    },
    PAYMENTS,
    async (slice) => {
      await insertRows(
        db,
        'payment_intents',
        slice.map((row) => row.intent),
      );
      await insertRows(
        db,
        'invoices',
        slice.map((row) => row.invoice),
      );
      await insertRows(
        db,
        'invoice_lines',
        slice.flatMap((row) =>
          lines.map((line) => ({ ...line, id: `il_${randomToken()}`, invoice_id: row.invoice.id })),
        ),
      );
      await insertRows(
        db,
        'events',
        slice.map((row, position) => ({
          id: `evt_${randomToken()}`,
          type: 'payment_intent.succeeded',
          data: JSON.stringify({ id: row.intent.id, customer_id: intent.customer_id }),
          livemode: 0,
          created_at: row.intent.updated_at,
          position,
          relayed_at: row.intent.updated_at,
          object_id: row.intent.id,
          webhooks_queued_at: row.intent.updated_at,
        })),
      );
    },
  );
  await insertSliced(
    (index) => ({
      id: `evt_${randomToken()}`,
      type: 'payment_intent.payment_failed',
      data: JSON.stringify({ id: intent.id, customer_id: intent.customer_id, code: 'card_declined' }),
      livemode: 0,
      created_at: at(index, FAILURES),
      position: 0,
      relayed_at: at(index, FAILURES),
      object_id: intent.id,
      webhooks_queued_at: at(index, FAILURES),
    }),
    FAILURES,
    (slice) => insertRows(db, 'events', slice),
  );
  await insertSliced(
    (index) => ({
      id: `re_${randomToken()}`,
      payment_intent_id: intentIds[index * 20]!,
      customer_id: intent.customer_id,
      invoice_id: null,
      subscription_id: null,
      amount: '499',
      currency_id: intent.currency_id,
      type: 'refund',
      reason: 'requested_by_customer',
      description: null,
      status: 'succeeded',
      failure_message: null,
      provider_ref: null,
      attempt_count: 1,
      next_attempt_at: null,
      livemode: 0,
      created_at: at(index, REFUNDS),
      updated_at: at(index, REFUNDS) + 60,
    }),
    REFUNDS,
    (slice) => insertRows(db, 'refunds', slice),
  );
  // A tenth of the subscriptions end before the clock; the rest pay on.
  await insertSliced(
    (index) => {
      const start = at(index, SUBSCRIPTIONS);
      const hasEnded = index % 10 === 0;
      return {
        subscription: {
          ...subscription,
          id: `sub_${randomToken()}`,
          status: hasEnded ? 'canceled' : 'active',
          trial_start: null,
          trial_end: null,
          ended_at: hasEnded ? start + 30 * 86_400 : null,
          canceled_at: hasEnded ? start + 30 * 86_400 : null,
          created_at: start,
          updated_at: start,
        },
      };
    },
    SUBSCRIPTIONS,
    async (slice) => {
      await insertRows(
        db,
        'subscriptions',
        slice.map((row) => row.subscription),
      );
      await insertRows(
        db,
        'subscription_items',
        slice.map((row) => ({ ...item, id: `si_${randomToken()}`, subscription_id: row.subscription.id })),
      );
    },
  );
  return invoice.id;
}

async function benchDialect(dialect: Dialect) {
  const platform = await createTestPlatform(dialect);
  try {
    const { cookie } = await platform.signIn('owner@example.com');
    const invoiceId = await seedYear(platform, cookie);
    const rollupStarted = performance.now();
    const rolledUp = await rollUpMetrics({ db: platform.database.db } as Pick<PaymentDeps, 'db'>);
    rollups.push({ db: dialect, rows: rolledUp, ms: Math.round(performance.now() - rollupStarted) });
    // A database that has lived with these rows has had them vacuumed and analysed (PostgreSQL's
    // autovacuum does both after this many inserts); a fresh copy has not.
    await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(platform.database.db);
    const now = platform.clock.now();
    const overview = `${API}/metrics/overview?livemode=false&from=${now - YEAR_SECONDS}&to=${now}`;
    const paths = [
      ['GET /metrics/overview, a year by day', `${overview}&interval=day`],
      ['GET /metrics/overview, a year by month', `${overview}&interval=month`],
      [
        'GET /metrics/top-products, a year',
        `${API}/metrics/top-products?livemode=false&from=${now - YEAR_SECONDS}&to=${now}`,
      ],
      ['baseline: GET /invoices/{id}', `${API}/invoices/${invoiceId}`],
    ] as const;
    const rows = [];
    for (const [path, url] of paths) {
      const timing = await timeRequests(platform.app, { url, requests: REQUESTS, headers: { cookie } });
      rows.push({ db: dialect, path, payments: PAYMENTS, ...timing });
    }
    return rows;
  } finally {
    await platform.close();
  }
}

const rows = [];
const rollups: { db: Dialect; rows: number; ms: number }[] = [];
for (const dialect of TEST_DIALECTS) rows.push(...(await benchDialect(dialect)));
console.log(describeRun(REQUESTS));
console.table(rows);
console.log('Rolling up the seeded payments and paid invoices (once, after seeding):');
console.table(rollups);
