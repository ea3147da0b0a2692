/**
 * One customer's invoice list with 10,000 invoices, on SQLite and on PostgreSQL: `GET
 * /api/invoices` as the customer's page asks for it (the newest 10, zero invoices left out) and a
 * deep page, p50 and p99 over repeated requests through the platform's HTTP stack, next to `GET
 * /api/invoices/{id}` (one invoice), measured the same way in the same run. Target: p99 ≤ 20 ms.
 *
 *   npm run bench:invoices        (or: npx node bench/invoices.ts [invoices=10000] [requests=300])
 */
import { randomToken } from '@bazaar/schemas';
import {
  createTestPlatform,
  payTestCheckout,
  startTestCheckout,
  type TestPlatform,
} from '@bazaar/platform/testing';
import { insertRows, type Dialect } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { describeRun, timeRequests } from './request-timing.ts';

const INVOICES = Number(process.argv[2] ?? 10_000);
const REQUESTS = Number(process.argv[3] ?? 300);
const API = '/payment-kit/api';
/** Rows per insert, under SQLite's bound-parameter limit. */
const SLICE = 200;

/**
 * The customer pays once through the API; that invoice and its line are then copied until the
 * customer has `INVOICES`, one a minute apart, so every row is one the kit itself would write.
 */
async function seedInvoices(platform: TestPlatform, cookie: string): Promise<string> {
  const session = await startTestCheckout(platform.app, 'plink_demo_onetime', cookie);
  const intentId = await payTestCheckout(platform.app, session, { cookie, email: 'payer@example.com' });
  const db = platform.database.db;
  const invoice = await db
    .selectFrom('invoices')
    .selectAll()
    .where('payment_intent_id', '=', intentId)
    .executeTakeFirstOrThrow();
  const line = await db
    .selectFrom('invoice_lines')
    .selectAll()
    .where('invoice_id', '=', invoice.id)
    .executeTakeFirstOrThrow();
  for (let start = 1; start < INVOICES; start += SLICE) {
    const copies = Array.from({ length: Math.min(SLICE, INVOICES - start) }, (_, offset) => {
      const index = start + offset;
      return {
        ...invoice,
        id: `in_${randomToken()}`,
        number: `${invoice.number}-${index}`,
        created_at: invoice.created_at - index * 60,
        payment_intent_id: null,
      };
    });
    await insertRows(db, 'invoices', copies);
    await insertRows(
      db,
      'invoice_lines',
      copies.map((copy) => ({ ...line, id: `il_${randomToken()}`, invoice_id: copy.id })),
    );
  }
  return invoice.id as string;
}

async function benchDialect(dialect: Dialect) {
  const platform = await createTestPlatform(dialect);
  try {
    const { cookie } = await platform.signIn('payer@example.com');
    const invoiceId = await seedInvoices(platform, cookie);
    const list = `${API}/invoices?livemode=false&ignore_zero=true`;
    const paths = [
      ['GET /invoices, first page of 10', list],
      ['GET /invoices, page 500 of 10', `${list}&page=500`],
      ['baseline: GET /invoices/{id}', `${API}/invoices/${invoiceId}`],
    ] as const;
    const rows = [];
    for (const [path, url] of paths) {
      const timing = await timeRequests(platform.app, { url, requests: REQUESTS, headers: { cookie } });
      rows.push({ db: dialect, path, invoices: INVOICES, ...timing });
    }
    return rows;
  } finally {
    await platform.close();
  }
}

const rows = [];
for (const dialect of TEST_DIALECTS) rows.push(...(await benchDialect(dialect)));
console.log(describeRun(REQUESTS));
console.table(rows);
