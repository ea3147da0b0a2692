/**
 * The refund race, on SQLite and on PostgreSQL: a $19.99 card payment, and 100 partial refunds of
 * $1.00 each sent by admins at once through the API (100 requests in flight). What was refunded
 * must never exceed what was paid: 19 refunds go through and 81 are refused. Printed next to the
 * same 100 refunds of another payment sent one after another, the baseline for the time taken.
 *
 *   npm run bench:refund-race        (or: npx node bench/refund-race.ts [refunds=100])
 */
import { cpus } from 'node:os';
import { DEMO } from '@bazaar/payment-server';
import {
  createTestPlatform,
  payTestCheckout,
  startTestCheckout,
  type TestPlatform,
} from '@bazaar/platform/testing';
import type { Dialect } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';

const REFUNDS = Number(process.argv[2] ?? 100);
const REFUND_AMOUNT = 100n;
const PAID = 1999n;
const API = '/payment-kit/api';

function refund(platform: TestPlatform, cookie: string, intentId: string) {
  return platform.app.inject({
    method: 'POST',
    url: `${API}/refunds`,
    headers: { cookie },
    payload: { payment_intent_id: intentId, amount: REFUND_AMOUNT.toString() },
  });
}

async function refundedOf(platform: TestPlatform, intentId: string): Promise<bigint> {
  const rows = await platform.database.db
    .selectFrom('refunds')
    .select('amount')
    .where('payment_intent_id', '=', intentId)
    .where('status', '=', 'succeeded')
    .execute();
  return rows.reduce((sum: bigint, row: { amount: string }) => sum + BigInt(row.amount), 0n);
}

async function benchDialect(dialect: Dialect) {
  const platform = await createTestPlatform(dialect);
  try {
    const owner = await platform.signIn('owner@example.com');
    const payer = await platform.signIn('payer@example.com');
    const rows = [];
    for (const mode of ['all at once', 'baseline: one after another'] as const) {
      const session = await startTestCheckout(platform.app, DEMO.oneTimeLinkId, payer.cookie);
      const intentId = await payTestCheckout(platform.app, session, {
        cookie: payer.cookie,
        email: 'payer@example.com',
      });
      const started = performance.now();
      const answers =
        mode === 'all at once'
          ? await Promise.all(Array.from({ length: REFUNDS }, () => refund(platform, owner.cookie, intentId)))
          : await (async () => {
              const list = [];
              for (let index = 0; index < REFUNDS; index += 1)
                list.push(await refund(platform, owner.cookie, intentId));
              return list;
            })();
      const seconds = (performance.now() - started) / 1000;
      const refunded = await refundedOf(platform, intentId);
      if (refunded > PAID) throw new Error(`refunded ${refunded} of a payment of ${PAID}`);
      rows.push({
        db: dialect,
        refunds: mode,
        sent: REFUNDS,
        succeeded: answers.filter((answer) => answer.statusCode === 200).length,
        'refused (REFUND_EXCEEDS_PAYMENT)': answers.filter(
          (answer) => answer.statusCode === 400 && answer.json().error.code === 'REFUND_EXCEEDS_PAYMENT',
        ).length,
        'refunded / paid': `${refunded} / ${PAID}`,
        's taken': Number(seconds.toFixed(2)),
      });
    }
    return rows;
  } finally {
    await platform.close();
  }
}

console.log(
  `${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}; ${REFUNDS} refunds of ${REFUND_AMOUNT} against a payment of ${PAID} (smallest units)`,
);
const rows = [];
for (const dialect of TEST_DIALECTS) rows.push(...(await benchDialect(dialect)));
console.table(rows);
