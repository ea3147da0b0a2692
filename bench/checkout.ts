/**
 * Throughput and latency of the checkout API on this machine, on SQLite and on PostgreSQL:
 * `start` of the one-time demo link, `submit` of a fresh open session by a signed-in payer,
 * `confirm` of the resulting intent with the 4242 test card, whole checkouts (each connection
 * a payer doing start → submit → confirm → reading the session complete, over and over), and as
 * the machine's baseline a bare Fastify route that inserts one row in a transaction (Kysely, same
 * database). Every row is also printed as a share of that baseline's requests/s.
 *
 *   npm run bench:checkout            (or: npx node bench/checkout.ts)
 *   BENCH_PROFILE_DIR=prof BENCH_DIALECTS=sqlite npm run bench:checkout   (CPU profiles of the servers)
 *
 * Each server runs in its own child process (the whole platform for the kit, as `main.ts`
 * composes it), so the load generator does not take CPU from the server it measures. Stock is
 * made unlimited, so sold-out answers never flatter the figures. Each connection is a payer of
 * its own (ten customers shopping at once, not one customer's ten tabs, which would wait on each
 * other for that customer's row).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import { DEMO } from '@bazaar/payment-server';
import { randomToken } from '@bazaar/schemas';
import type { Dialect } from '@bazaar/server-kit';
import { openTestDatabase, TEST_DIALECTS } from '@bazaar/server-kit/testing';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const DURATION_SECONDS = 10;
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 10;
const API = '/payment-kit/api';
const BASELINE_PATH = '/insert';
const SUBMIT_BODY = JSON.stringify({
  customer_name: 'Ada Payer',
  customer_email: 'ada@example.com',
  payment_method: DEMO.cardMethodId,
  payment_currency: DEMO.usdCurrencyId,
});
const TEST_CARD = { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' };

type ServerKind = 'kit' | 'baseline';
interface Served {
  port: number;
  /** One signed-in payer per connection: a virtual user is one customer. */
  cookies: string[];
}

// ------------------------------------------------------------------ servers (child processes)

/** The whole platform on a fresh test database, a payer per connection signed in through the email code. */
async function serveKit(dialect: Dialect): Promise<Served & { close(): Promise<void> }> {
  const { createTestPlatform } = await import('@bazaar/platform/testing');
  const platform = await createTestPlatform(dialect);
  await platform.database.db
    .updateTable('prices')
    .set({ quantity_available: 0, quantity_limit_per_checkout: 0 })
    .execute();
  const cookies: string[] = [];
  for (let user = 0; user < CONNECTIONS; user += 1) {
    cookies.push((await platform.signIn(`payer${user}@example.com`)).cookie);
  }
  await platform.app.listen({ host: '127.0.0.1', port: 0 });
  return { port: (platform.app.server.address() as AddressInfo).port, cookies, close: platform.close };
}

async function serveBaseline(dialect: Dialect): Promise<Served & { close(): Promise<void> }> {
  const database = await openTestDatabase(dialect);
  await database.db.schema
    .createTable('bench_rows')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  const app = Fastify();
  app.post(BASELINE_PATH, async () => {
    await database.db.transaction().execute((trx) =>
      trx
        .insertInto('bench_rows')
        .values({ id: randomToken(), created_at: Math.floor(Date.now() / 1000) })
        .execute(),
    );
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    port: (app.server.address() as AddressInfo).port,
    cookies: [],
    async close() {
      await app.close();
      await database.close();
    },
  };
}

async function runServer(kind: ServerKind, dialect: Dialect) {
  const served = kind === 'kit' ? await serveKit(dialect) : await serveBaseline(dialect);
  process.stdout.write(`${JSON.stringify({ port: served.port, cookies: served.cookies })}\n`);
  process.once('SIGTERM', () => {
    void served.close().then(() => process.exit(0));
  });
}

// ------------------------------------------------------------------ load generator (parent)

async function startServer(kind: ServerKind, dialect: Dialect): Promise<Served & { child: ChildProcess }> {
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, import.meta.filename, 'serve', kind, dialect], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return { ...(JSON.parse(line) as Served), child };
}

async function stopServer(child: ChildProcess) {
  child.kill('SIGTERM');
  await once(child, 'exit');
}

interface Row {
  scenario: string;
  db: Dialect;
  /** Requests a second; for whole checkouts, checkouts a second. */
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
  requests: number;
  seconds: number;
}

/**
 * A warm-up run that is thrown away, then the measured run. A request that uses up something
 * (an open session, an unpaid intent) draws from `pool`: the warm-up takes a sixth of it, and
 * when the rest would not last the whole run, the run stops when the pool is empty instead of
 * counting requests that had nothing left to work on.
 */
async function measure(
  scenario: string,
  dialect: Dialect,
  port: number,
  request: autocannon.Request | autocannon.Request[],
  pool?: readonly unknown[],
): Promise<Row> {
  const requests = Array.isArray(request) ? request : [request];
  const options = { url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, requests };
  let run: { duration: number } | { amount: number } = { duration: DURATION_SECONDS };
  if (pool) {
    const warmUpAmount = Math.floor(pool.length / 6);
    const warmUp = await autocannon({ ...options, amount: warmUpAmount });
    const neededForRun = (warmUpAmount / warmUp.duration) * DURATION_SECONDS * 1.2;
    if (pool.length < neededForRun) run = { amount: Math.max(pool.length - CONNECTIONS, 1) };
  } else {
    await autocannon({ ...options, duration: WARM_UP_SECONDS });
  }
  const result = await autocannon({ ...options, ...run });
  // A sequence of requests counts once per round: a whole checkout is four requests.
  const perSecond = result.requests.total / requests.length / result.duration;
  return {
    scenario,
    db: dialect,
    'req/s': perSecond < 100 ? Math.round(perSecond * 10) / 10 : Math.round(perSecond),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
    requests: result.requests.total,
    seconds: Math.round(result.duration * 10) / 10,
  };
}

async function benchKit(dialect: Dialect): Promise<Row[]> {
  const { port, cookies, child } = await startServer('kit', dialect);
  const payer = payerPerConnection(cookies);
  try {
    // Every start leaves an open session; submit takes each one once.
    const openSessions: string[] = [];
    const start = await measure('start', dialect, port, {
      method: 'POST',
      path: `${API}/checkout-sessions/start/${DEMO.oneTimeLinkId}`,
      onResponse: (status, body) => {
        if (status === 200) openSessions.push(JSON.parse(body).checkoutSession.id);
      },
    });

    const intents: { id: string; secret: string }[] = [];
    const submit = await measure(
      'submit (test card)',
      dialect,
      port,
      {
        method: 'PUT',
        body: SUBMIT_BODY,
        setupRequest: (request, context) => ({
          ...request,
          headers: { cookie: payer(context), 'content-type': 'application/json' },
          path: `${API}/checkout-sessions/${openSessions.pop() ?? 'cs_none_left'}/submit`,
        }),
        onResponse: (status, body) => {
          if (status !== 200) return;
          const answer = JSON.parse(body);
          intents.push({ id: answer.paymentIntent.id, secret: answer.stripeContext.client_secret });
        },
      },
      openSessions,
    );

    const confirm = await measure(
      'confirm 4242',
      dialect,
      port,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          const intent = intents.pop() ?? { id: 'pi_none_left', secret: 'none' };
          return {
            ...request,
            path: `${API}/test-card/payment-intents/${intent.id}/confirm`,
            body: JSON.stringify({ client_secret: intent.secret, card: TEST_CARD }),
          };
        },
      },
      intents,
    );
    const checkout = await measure('whole checkout (4 requests)', dialect, port, wholeCheckout(payer));
    return [start, submit, confirm, checkout];
  } finally {
    await stopServer(child);
  }
}

/** What a whole checkout carries from one request to the next (autocannon's per-connection context). */
interface CheckoutRound {
  cookie?: string;
  sessionId: string;
  intent: { id: string; secret: string };
}
const round = (context: object) => context as CheckoutRound;

/** Gives each connection its own payer's cookie, the first time it asks. */
function payerPerConnection(cookies: readonly string[]): (context: object) => string {
  let given = 0;
  return (context) => (round(context).cookie ??= cookies[given++ % cookies.length]!);
}

/** What one payer does in a whole checkout: each step reads what the one before answered. */
function wholeCheckout(payer: (context: object) => string): autocannon.Request[] {
  const json = { 'content-type': 'application/json' };
  return [
    {
      method: 'POST',
      setupRequest: (request, context) => ({
        ...request,
        path: `${API}/checkout-sessions/start/${DEMO.oneTimeLinkId}`,
        headers: { cookie: payer(context) },
      }),
      onResponse: (_status, body, context) => {
        round(context).sessionId = JSON.parse(body).checkoutSession.id;
      },
    },
    {
      method: 'PUT',
      body: SUBMIT_BODY,
      setupRequest: (request, context) => ({
        ...request,
        headers: { cookie: payer(context), ...json },
        path: `${API}/checkout-sessions/${round(context).sessionId}/submit`,
      }),
      onResponse: (_status, body, context) => {
        const answer = JSON.parse(body);
        round(context).intent = { id: answer.paymentIntent.id, secret: answer.stripeContext.client_secret };
      },
    },
    {
      method: 'POST',
      headers: json,
      setupRequest: (request, context) => {
        const { intent } = round(context);
        return {
          ...request,
          path: `${API}/test-card/payment-intents/${intent.id}/confirm`,
          body: JSON.stringify({ client_secret: intent.secret, card: TEST_CARD }),
        };
      },
    },
    {
      method: 'GET',
      setupRequest: (request, context) => ({
        ...request,
        headers: { cookie: payer(context) },
        path: `${API}/checkout-sessions/retrieve/${round(context).sessionId}`,
      }),
      onResponse: (status, body) => {
        if (status === 200 && JSON.parse(body).checkoutSession.status !== 'complete') {
          throw new Error('a whole checkout ended with its session not complete');
        }
      },
    },
  ];
}

async function benchBaseline(dialect: Dialect): Promise<Row> {
  const { port, child } = await startServer('baseline', dialect);
  try {
    return await measure('bare insert in a transaction', dialect, port, {
      method: 'POST',
      path: BASELINE_PATH,
    });
  } finally {
    await stopServer(child);
  }
}

async function main() {
  const rows: (Row & { 'of baseline': string })[] = [];
  const only = process.env.BENCH_DIALECTS?.split(',');
  for (const dialect of TEST_DIALECTS.filter((name) => !only || only.includes(name))) {
    const kit = await benchKit(dialect);
    const baseline = await benchBaseline(dialect);
    for (const row of [...kit, baseline]) {
      const share = (row['req/s'] / baseline['req/s']) * 100;
      rows.push({ ...row, 'of baseline': `${share.toFixed(1)} %` });
    }
  }
  const cpu = cpus();
  console.log(
    `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, Node ${process.version}; ` +
      `${CONNECTIONS} connections, ${DURATION_SECONDS} s after a ${WARM_UP_SECONDS} s warm-up; ` +
      'errors = connection errors + non-2xx answers; submit and confirm each use up one session or intent; ' +
      'a whole checkout counts once for its four requests (p50/p99 are per request)',
  );
  console.table(rows);
}

const [mode, kind, dialect] = process.argv.slice(2);
if (mode === 'serve') await runServer(kind as ServerKind, dialect as Dialect);
else await main();
