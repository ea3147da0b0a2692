/**
 * How soon a payment reaches a browser's relay socket: for each sample a signed-in payer's
 * checkout is submitted, then its card confirm is sent to node A, and the time runs from the
 * start of that request (the commit happens inside it, so this bounds commit → socket from above)
 * until the payer's socket hears `checkout.session.completed`. Measured with the socket on node A
 * (one node) and on node B (two nodes on one PostgreSQL database, through LISTEN/NOTIFY), and, as
 * the baseline, for a page that polls the session every 2 s as the spec's checkout page does.
 * SQLite runs one node only.
 *
 *   npm run bench:relay        (or: npx node bench/relay-latency.ts [samples=300])
 */
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventsChannel, relayServerMessageSchema } from '@bazaar/schemas';
import { DEMO } from '@bazaar/payment-server';
import {
  confirmTestCard,
  createTestPlatform,
  startTestCheckout,
  submitTestCheckout,
  type TestPlatform,
} from '@bazaar/platform/testing';
import type { Dialect } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { percentile } from './request-timing.ts';

const SAMPLES = Number(process.argv[2] ?? 300);
const POLL_SAMPLES = 10;
const POLL_INTERVAL_MS = 2_000;
const API = '/payment-kit/api';

/** A relay socket of the cookie's user on `platform`, calling `onCompleted` with each completed session's id. */
async function openPayerSocket(
  platform: TestPlatform,
  cookie: string,
  onCompleted: (sessionId: string) => void,
) {
  const url = `${platform.baseUrl.replace('http', 'ws')}/.well-known/service/relay`;
  // Node's WebSocket (undici) takes headers: the cookie and the page's origin, as a browser sends them.
  const socket = new WebSocket(url, { headers: { cookie, origin: platform.baseUrl } } as unknown as string[]);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  const subscribed = new Promise((resolve) => socket.addEventListener('message', resolve, { once: true }));
  socket.send(JSON.stringify({ type: 'subscribe', channel: eventsChannel('bazaar') }));
  await subscribed;
  socket.addEventListener('message', (message: MessageEvent) => {
    const frame = relayServerMessageSchema.parse(JSON.parse(String(message.data)));
    if (frame.type === 'event' && frame.event.type === 'checkout.session.completed')
      onCompleted(frame.event.data.id);
  });
  return socket;
}

/** Milliseconds from the confirm's start until `heard(sessionId)` resolves, per sample. */
async function measure(
  payOn: TestPlatform,
  cookie: string,
  samples: number,
  heard: (sessionId: string, started: number) => Promise<number>,
): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const session = await startTestCheckout(payOn.app, DEMO.oneTimeLinkId, cookie);
    const submitted = await submitTestCheckout(payOn.app, session, { cookie, email: 'payer@example.com' });
    const started = performance.now();
    const arrival = heard(session.id, started);
    await confirmTestCard(payOn.app, submitted);
    times.push((await arrival) - started);
  }
  return times;
}

/** Resolves with the time each session's completion reaches a socket. */
function socketArrivals() {
  const waiting = new Map<string, (at: number) => void>();
  return {
    onCompleted(sessionId: string) {
      waiting.get(sessionId)?.(performance.now());
      waiting.delete(sessionId);
    },
    heard: (sessionId: string) => new Promise<number>((resolve) => waiting.set(sessionId, resolve)),
  };
}

/** A page polling the session every 2 s, starting at a random phase as pages do. */
async function pollUntilComplete(platform: TestPlatform, cookie: string, sessionId: string, started: number) {
  await sleep(Math.random() * POLL_INTERVAL_MS);
  for (;;) {
    const view = await platform.app.inject({
      url: `${API}/checkout-sessions/retrieve/${sessionId}`,
      headers: { cookie },
    });
    if ((view.json() as { checkoutSession?: { status?: string } }).checkoutSession?.status === 'complete') {
      return performance.now();
    }
    if (performance.now() - started > 60_000) throw new Error('the session never read complete');
    await sleep(POLL_INTERVAL_MS);
  }
}

const row = (dialect: Dialect, path: string, times: number[]) => ({
  db: dialect,
  path,
  samples: times.length,
  'p50 ms': Number(percentile(times, 50).toFixed(1)),
  'p99 ms': Number(percentile(times, 99).toFixed(1)),
  'max ms': Number(Math.max(...times).toFixed(1)),
});

async function benchDialect(dialect: Dialect) {
  const first = await createTestPlatform(dialect, { listen: true });
  const second =
    dialect === 'postgres'
      ? await createTestPlatform(dialect, { listen: true, nodeOf: first, clock: first.clock })
      : null;
  try {
    // The demo's stock would run out: every price is sold without limit here.
    await first.database.db.updateTable('prices').set({ quantity_available: 0 }).execute();
    const { cookie } = await first.signIn('payer@example.com');
    const onFirst = socketArrivals();
    const firstSocket = await openPayerSocket(first, cookie, onFirst.onCompleted);
    const rows = [row(dialect, 'relay, one node', await measure(first, cookie, SAMPLES, onFirst.heard))];
    firstSocket.close();
    if (second) {
      const onSecond = socketArrivals();
      const secondSocket = await openPayerSocket(second, cookie, onSecond.onCompleted);
      rows.push(
        row(dialect, 'relay, across two nodes', await measure(first, cookie, SAMPLES, onSecond.heard)),
      );
      secondSocket.close();
    }
    const pollOn = second ?? first;
    rows.push(
      row(
        dialect,
        'baseline: polling every 2 s',
        await measure(first, cookie, POLL_SAMPLES, (sessionId, started) =>
          pollUntilComplete(pollOn, cookie, sessionId, started),
        ),
      ),
    );
    return rows;
  } finally {
    await second?.close();
    await first.close();
  }
}

console.log(
  `${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}; ${SAMPLES} card checkouts paid one after another, each heard by the payer's relay socket`,
);
const rows = [];
for (const dialect of TEST_DIALECTS) rows.push(...(await benchDialect(dialect)));
console.table(rows);
