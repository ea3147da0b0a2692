/**
 * Bundle downloads per second and MB/s of a 20 KB app on this machine, on SQLite and on
 * PostgreSQL, each next to its baselines in the same run: `GET /api/store.json` of the same
 * server (the platform's floor for a request), and Verdaccio 6 answering the tarball GET of a 20 KB
 * package (what `npm install` asks a registry). Target: ≥ 1,000 downloads a second.
 *
 *   npm run bench:store-download        (or: node bench/store-download.ts)
 *
 * The Store runs as the whole platform, published app and all, in a child process of its own (as
 * Verdaccio does), so autocannon does not take CPU from the server it measures; Verdaccio is
 * measured again just before each database's rows, which are compared with that figure. Downloads are
 * measured twice: by one client again and again (counted once a day, so after the first each is
 * a conflicting insert) and by a new client each time (a distinct user agent, so every download
 * writes its client row, which the rollup adds to the day's count and the app's total). The `counted` column is what the
 * app's download series gained during the measured run. A paid app is downloaded too, by an
 * installer presenting its buyer's licence (bought through the kit's checkout by `serve`), so the
 * licence's signature and row are checked on every request.
 *
 * Each row is a `Scenario`: another is one more entry in `STORE_SCENARIOS`, with what it needs
 * published by `serve`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { LICENCE_HEADER, type DownloadSeries } from '@bazaar/schemas';
import type { Dialect } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { bundleForm, noise, openBundleWorkshop, ROLLUP_INTERVAL_MS } from '@bazaar/store/testing';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { describeMachine } from './request-timing.ts';
import { startVerdaccio } from './verdaccio.ts';

const DURATION_SECONDS = 10;
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 10;
/** Random, so gzip keeps it: with the manifest and tar headers the bundle weighs about 20 KB. */
const PAYLOAD_BYTES = 19 * 1024;
const APP_NAME = 'bench-download';
const PAID_APP_NAME = 'bench-paid';
const VERSION = '1.0.0';

/** What the server child published, for the scenarios to ask for. */
interface Served {
  port: number;
  did: string;
  /** The same bundle sold at a price, and the licence its buyer bought through the kit's checkout. */
  paidDid: string;
  licence: string;
}

interface Scenario {
  name: string;
  request(served: Served): autocannon.Request;
  /** Reports what the app's series gained: the scenario downloads a counted bundle. */
  isDownload: boolean;
}

// ------------------------------------------------------------------ server (child process)

/** The platform with one app published through review, as a developer and an admin would. */
async function serve(dialect: Dialect) {
  const { startStorePlatform } = await import('@bazaar/cli/testing');
  const { payTestCheckout, startTestCheckout } = await import('@bazaar/platform/testing');
  const platform = await startStorePlatform(dialect);
  const workshop = await openBundleWorkshop();
  try {
    const created = await platform.call('POST', '/developer/access-tokens', platform.developerCookie, {
      name: 'bench',
      scopes: ['upload'],
      expiresInDays: 30,
    });
    const { token } = created.json() as { token: string };
    const publish = async (name: string, price: { amount: string; currency: string } | null) => {
      const bundle = await workshop.make({
        name,
        version: VERSION,
        files: { 'index.js': noise(PAYLOAD_BYTES) },
        manifest: { price },
      });
      const form = bundleForm(bundle.bytes);
      const uploaded = await fetch(`${platform.store}/api/apps/upload`, {
        method: 'POST',
        headers: { ...form.headers, authorization: `Bearer ${token}` },
        body: new Uint8Array(form.payload),
      });
      if (uploaded.status !== 201)
        throw new Error(`Upload answered ${uploaded.status}: ${await uploaded.text()}`);
      const did = bundle.key.did;
      const version = `/developer/apps/${did}/versions/${VERSION}`;
      const review = `/console/apps/${did}/review`;
      for (const [path, cookie, body] of [
        [version, platform.developerCookie, { action: 'requestReview' }],
        [review, platform.ownerCookie, { action: 'start', version: VERSION }],
        [review, platform.ownerCookie, { action: 'approve', version: VERSION, category: 'productivity' }],
        [version, platform.developerCookie, { action: 'publish' }],
      ] as const) {
        const response = await platform.call('PUT', path, cookie, body);
        if (response.statusCode !== 200) throw new Error(`${path}: ${response.body}`);
      }
      return did;
    };
    const did = await publish(APP_NAME, null);
    const paidDid = await publish(PAID_APP_NAME, { amount: '4.99', currency: 'USD' });
    // The member buys the paid one through the kit's checkout, as the app page does.
    const opened = await platform.call('POST', `/apps/${paidDid}/purchase`, platform.memberCookie);
    const { paymentLinkId } = opened.json() as { paymentLinkId: string };
    const session = await startTestCheckout(platform.platform.app, paymentLinkId, platform.memberCookie);
    await payTestCheckout(platform.platform.app, session, {
      cookie: platform.memberCookie,
      email: 'member@example.com',
      name: 'Bench Buyer',
    });
    let licence: string | undefined;
    while (!licence) {
      const state = await platform.call('GET', `/apps/${paidDid}/purchase`, platform.memberCookie);
      licence = (state.json() as { licence: { token: string } | null }).licence?.token;
      if (!licence) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const served: Served = { port: Number(new URL(platform.store).port), did, paidDid, licence };
    process.stdout.write(`${JSON.stringify(served)}\n`);
    process.once('SIGTERM', () => {
      void platform.close().then(() => process.exit(0));
    });
  } catch (error) {
    await platform.close();
    throw error;
  } finally {
    await workshop.remove();
  }
}

// ------------------------------------------------------------------ load generator (parent)

async function startServer(dialect: Dialect): Promise<Served & { child: ChildProcess }> {
  const child = spawn(process.execPath, [import.meta.filename, 'serve', dialect], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return { ...(JSON.parse(line) as Served), child };
}

async function stopServer(child: ChildProcess) {
  child.kill('SIGTERM');
  await once(child, 'exit');
}

const bundlePath = (served: Served) => `/api/apps/${served.did}/bundle`;

const STORE_SCENARIOS: Scenario[] = [
  {
    name: 'baseline: GET /api/store.json',
    request: () => ({ method: 'GET', path: '/api/store.json' }),
    isDownload: false,
  },
  {
    name: 'download, one client again and again',
    request: (served) => ({
      method: 'GET',
      path: bundlePath(served),
      headers: { 'user-agent': 'bench-client' },
    }),
    isDownload: true,
  },
  {
    name: 'download, a new client each time',
    request: (served) => {
      let client = 0;
      return {
        method: 'GET',
        path: bundlePath(served),
        setupRequest: (request) => ({
          ...request,
          headers: { 'user-agent': `bench-client-${(client += 1)}` },
        }),
      };
    },
    isDownload: true,
  },
  {
    // An installer's download: the Store checks the licence's signature and its row every time.
    name: 'paid app, licence in X-Bazaar-Licence',
    request: (served) => ({
      method: 'GET',
      path: `/api/apps/${served.paidDid}/bundle`,
      headers: { 'user-agent': 'bench-installer', [LICENCE_HEADER]: served.licence },
    }),
    isDownload: false,
  },
];

interface Row {
  server: string;
  scenario: string;
  'req/s': number;
  'MB/s': number;
  'p50 ms': number;
  'p99 ms': number;
  errors: number;
  counted?: number;
}

/** A thrown-away warm-up, then the measured run; `counted` reads the app's series around it. */
async function measure(
  url: string,
  request: autocannon.Request,
  counted?: () => Promise<number>,
): Promise<Omit<Row, 'server' | 'scenario'>> {
  const options = { url, connections: CONNECTIONS, requests: [request] };
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const before = await counted?.();
  const result = await autocannon({ ...options, duration: DURATION_SECONDS });
  const after = await counted?.();
  return {
    'req/s': Math.round(result['2xx'] / result.duration),
    'MB/s': Number((result.throughput.total / result.duration / 1_000_000).toFixed(1)),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
    ...(before === undefined || after === undefined ? {} : { counted: after - before }),
  };
}

async function benchStore(dialect: Dialect): Promise<Row[]> {
  const served = await startServer(dialect);
  const url = `http://127.0.0.1:${served.port}`;
  const counted = async () => {
    // The series holds what the Store's rollup has added, which it does every ROLLUP_INTERVAL_MS.
    await sleep(2 * ROLLUP_INTERVAL_MS);
    const response = await fetch(`${url}/api/apps/${served.did}/downloads?days=1`);
    return ((await response.json()) as DownloadSeries).lastDays;
  };
  try {
    const rows: Row[] = [];
    for (const scenario of STORE_SCENARIOS) {
      const result = await measure(url, scenario.request(served), scenario.isDownload ? counted : undefined);
      rows.push({ server: `Store on ${dialect}`, scenario: scenario.name, ...result });
    }
    return rows;
  } finally {
    await stopServer(served.child);
  }
}

/** Verdaccio serving the tarball of a 20 KB package, published once, measured whenever asked. */
async function startVerdaccioBaseline() {
  const workshop = await openBundleWorkshop();
  const verdaccio = await startVerdaccio();
  try {
    const bundle = await workshop.make({
      name: APP_NAME,
      version: VERSION,
      files: { 'index.js': noise(PAYLOAD_BYTES) },
    });
    await verdaccio.publish({ name: APP_NAME, version: VERSION, tarball: bundle.bytes });
  } catch (error) {
    await verdaccio.close();
    throw error;
  } finally {
    await workshop.remove();
  }
  const path = `/${APP_NAME}/-/${APP_NAME}-${VERSION}.tgz`;
  return {
    measure: async (): Promise<Row> => ({
      server: `baseline: Verdaccio ${verdaccio.version}`,
      scenario: 'tarball GET',
      ...(await measure(verdaccio.url, { method: 'GET', path })),
    }),
    close: verdaccio.close,
  };
}

async function main() {
  const rows: (Row & { 'vs Verdaccio': string })[] = [];
  const only = process.env.BENCH_DIALECTS?.split(',');
  const verdaccio = await startVerdaccioBaseline();
  try {
    // Measured again before each database's rows, as what else runs on the machine changes.
    for (const dialect of TEST_DIALECTS.filter((name) => !only || only.includes(name))) {
      const baseline = await verdaccio.measure();
      const versus = (row: Row) => `${(row['req/s'] / baseline['req/s']).toFixed(2)}×`;
      rows.push({ ...baseline, 'vs Verdaccio': versus(baseline) });
      for (const row of await benchStore(dialect)) rows.push({ ...row, 'vs Verdaccio': versus(row) });
    }
  } finally {
    await verdaccio.close();
  }
  console.log(
    `${describeMachine()}; ~20 KB bundle over HTTP on 127.0.0.1; ${CONNECTIONS} connections, ` +
      `${DURATION_SECONDS} s after a ${WARM_UP_SECONDS} s warm-up; req/s counts 2xx answers; ` +
      'errors = connection errors + non-2xx answers; counted = downloads the app gained in the measured run',
  );
  console.table(rows);
}

const [mode, dialect] = process.argv.slice(2);
if (mode === 'serve') await serve(dialect as Dialect);
else await main();
