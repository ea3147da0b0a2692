/**
 * The SQL statements one whole checkout sends to PostgreSQL, step by step: `start` of the
 * one-time demo link (a guest), `submit` by a signed-in payer, `confirm` with the 4242 test card,
 * and `retrieve` of the completed session, on the whole platform as `main.ts` composes it. Each
 * step prints its statement count, how many read a payment intent and a checkout session, and
 * its statements by table and kind, so a change that saves (or adds) queries shows here.
 *
 *   npx node bench/checkout-statements.ts
 *
 * Counted at the `pg` client, the one place every query passes (the platform's own session and
 * idempotency statements included); SQLite runs the same queries.
 */
import { DEMO } from '@bazaar/payment-server';
import pg from 'pg';

const API = '/payment-kit/api';
const TEST_CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };
const SUBMIT_BODY = {
  customer_name: 'Ada Payer',
  customer_email: 'ada@example.com',
  payment_method: DEMO.cardMethodId,
  payment_currency: DEMO.usdCurrencyId,
};

let recorded: string[] = [];
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  const [config] = args;
  recorded.push(typeof config === 'string' ? config : ((config as { text?: string }).text ?? ''));
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

/** `select … from "payment_intents"` → `select payment_intents`; transaction control as it is. */
function describeStatement(sql: string): string {
  const text = sql.trim().replace(/\s+/g, ' ');
  const verb = text.split(' ')[0]!.toLowerCase();
  const table =
    text.match(/^(?:insert into|update|delete from) "?([\w.]+)"?/i)?.[1] ??
    text.match(/ from "?([\w.]+)"?/i)?.[1] ??
    '';
  return table ? `${verb} ${table.split('.').at(-1)}` : verb;
}

async function counted<T>(step: string, run: () => Promise<T>) {
  recorded = [];
  const result = await run();
  const kinds = new Map<string, number>();
  for (const sql of recorded) kinds.set(describeStatement(sql), (kinds.get(describeStatement(sql)) ?? 0) + 1);
  const reads = (table: string) => kinds.get(`select ${table}`) ?? 0;
  return {
    result,
    row: {
      step,
      statements: recorded.length,
      'intent reads': reads('payment_intents'),
      'session reads': reads('checkout_sessions'),
      'by table': [...kinds]
        .sort(([, a], [, b]) => b - a)
        .map(([kind, count]) => (count > 1 ? `${kind} ×${count}` : kind))
        .join(', '),
    },
  };
}

const { createTestPlatform } = await import('@bazaar/platform/testing');
const platform = await createTestPlatform('postgres');
try {
  const { cookie } = await platform.signIn('statements@example.com');
  const { app } = platform;
  const answer = (response: { statusCode: number; body: string }) => {
    if (response.statusCode !== 200) throw new Error(`answered ${response.statusCode}: ${response.body}`);
    return JSON.parse(response.body);
  };

  // One checkout first, so every statement below is the steady state, not a first-time setup.
  for (let round = 0; round < 2; round += 1) {
    const rows = [];
    const start = await counted('start', async () =>
      answer(
        await app.inject({ method: 'POST', url: `${API}/checkout-sessions/start/${DEMO.oneTimeLinkId}` }),
      ),
    );
    const sessionId = start.result.checkoutSession.id as string;
    const submit = await counted('submit', async () =>
      answer(
        await app.inject({
          method: 'PUT',
          url: `${API}/checkout-sessions/${sessionId}/submit`,
          headers: { cookie },
          payload: SUBMIT_BODY,
        }),
      ),
    );
    const intent = submit.result.paymentIntent.id as string;
    const secret = submit.result.stripeContext.client_secret as string;
    const confirm = await counted('confirm 4242', async () =>
      answer(
        await app.inject({
          method: 'POST',
          url: `${API}/test-card/payment-intents/${intent}/confirm`,
          payload: { client_secret: secret, card: TEST_CARD },
        }),
      ),
    );
    const retrieve = await counted('retrieve (complete)', async () =>
      answer(
        await app.inject({ url: `${API}/checkout-sessions/retrieve/${sessionId}`, headers: { cookie } }),
      ),
    );
    if (retrieve.result.checkoutSession.status !== 'complete')
      throw new Error('the checkout did not complete');
    rows.push(start.row, submit.row, confirm.row, retrieve.row);
    if (round === 1) {
      const total = rows.reduce((sum, row) => sum + row.statements, 0);
      console.log(`SQL statements of one whole checkout on PostgreSQL: ${total}`);
      console.table(rows.map(({ 'by table': _byTable, ...counts }) => counts));
      for (const row of rows) console.log(`${row.step}: ${row['by table']}`);
    }
  }
} finally {
  await platform.close();
}
