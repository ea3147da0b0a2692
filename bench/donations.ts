/**
 * The supporters of one donation target with 10,000 supporters, on SQLite and on PostgreSQL:
 * `GET /api/donations?target=` (the first page of 20, newest first, with the target's total and
 * count) and a deep page, p50 and p99 over repeated requests through the platform's HTTP stack.
 * Printed next to `GET /api/settings` (the payment methods a checkout reads), measured the same
 * way in the same run, as the baseline of a small public read. Target: p99 ≤ 20 ms.
 *
 *   npm run bench:donations        (or: npx node bench/donations.ts [supporters=10000] [requests=500])
 */
import { randomToken } from '@bazaar/schemas';
import { createTestPlatform, type TestPlatform } from '@bazaar/platform/testing';
import { insertRows, type Dialect } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { describeRun, timeRequests } from './request-timing.ts';

const SUPPORTERS = Number(process.argv[2] ?? 10_000);
const REQUESTS = Number(process.argv[3] ?? 500);
const API = '/payment-kit/api';
const TARGET = 'bench:target';
const DISPLAYS = ['public', 'name_only', 'anonymous'];

/** Rows in slices SQLite's bound-parameter limit takes. */
async function insertAll<T extends 'customers' | 'donation_supporters'>(
  platform: TestPlatform,
  table: T,
  rows: readonly Record<string, unknown>[],
) {
  for (let index = 0; index < rows.length; index += 500) {
    await insertRows(platform.database.db, table, rows.slice(index, index + 500) as never);
  }
}

/** The target's link, and its supporters as if each had donated once (one in three anonymous). */
async function seedSupporters(platform: TestPlatform): Promise<void> {
  const made = await platform.app.inject({
    method: 'POST',
    url: `${API}/donations?livemode=false`,
    payload: { target: TARGET },
  });
  const linkId = made.json().payment_link_id as string;
  const db = platform.database.db;
  const now = Math.floor(Date.now() / 1000);
  const customers = Array.from({ length: SUPPORTERS }, (_, index) => ({
    id: `cus_${randomToken()}`,
    did: `did:bazaar:usr_${randomToken(12)}`,
    livemode: 0,
    name: `Supporter ${index}`,
    email: `supporter${index}@example.com`,
    phone: '',
    address: '{}',
    metadata: '{}',
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_sequence: 0,
    created_at: now,
    updated_at: now,
  }));
  await insertAll(platform, 'customers', customers);
  await insertAll(
    platform,
    'donation_supporters',
    customers.map((customer, index) => ({
      payment_link_id: linkId,
      customer_id: customer.id,
      amount_total: '100',
      display: DISPLAYS[index % 3]!,
      last_payment_intent_id: `pi_${randomToken()}`,
      updated_at: now - index,
    })),
  );
  await db
    .updateTable('donation_links')
    .set({ total_amount: String(100 * SUPPORTERS), supporter_count: SUPPORTERS })
    .where('payment_link_id', '=', linkId)
    .execute();
}

async function benchDialect(dialect: Dialect) {
  const platform = await createTestPlatform(dialect);
  try {
    await seedSupporters(platform);
    const target = encodeURIComponent(TARGET);
    const deepPage = Math.floor(SUPPORTERS / 20);
    const paths = [
      ['GET /donations, first page', `${API}/donations?target=${target}&livemode=false`],
      ['GET /donations, last page', `${API}/donations?target=${target}&livemode=false&page=${deepPage}`],
      ['baseline: GET /settings', `${API}/settings?livemode=false`],
    ] as const;
    const rows = [];
    for (const [path, url] of paths) {
      const timing = await timeRequests(platform.app, { url, requests: REQUESTS });
      rows.push({ db: dialect, path, supporters: SUPPORTERS, ...timing });
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
