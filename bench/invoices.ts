/**
 * One customer's invoice list with 10,000 invoices, on SQLite and on PostgreSQL: `GET
 * /api/invoices` as the customer's page asks for it (the newest 10, zero invoices left out) and a
 * deep page, p50 and p99 over repeated requests through the platform's HTTP stack, next to `GET
 * /api/invoices/{id}` (one invoice), measured the same way in the same run. Target: p99 ≤ 20 ms.
 *
 *   npm run bench:invoices        (or: npx node bench/invoices.ts [invoices=10000] [requests=300])
 */
import { createTestPlatform } from '@bazaar/platform/testing';
import type { Dialect } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { seedInvoiceCopies } from './invoice-copies.ts';
import { describeRun, timeRequests } from './request-timing.ts';

const INVOICES = Number(process.argv[2] ?? 10_000);
const REQUESTS = Number(process.argv[3] ?? 300);
const API = '/payment-kit/api';

async function benchDialect(dialect: Dialect) {
  const platform = await createTestPlatform(dialect);
  try {
    const { cookie } = await platform.signIn('payer@example.com');
    const invoiceId = await seedInvoiceCopies(platform, cookie, INVOICES);
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
