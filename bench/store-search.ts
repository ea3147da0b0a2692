/**
 * The Store's catalogue search over 10,000 published apps, on SQLite and on PostgreSQL, each
 * figure next to a baseline measured on the same server in the same run (`GET /api/store.json`,
 * one settings read); and Verdaccio 6's package search over 200 packages, side by side.
 *
 * - Latency: `GET /api/apps?keyword=…` for an exact word, a prefix, a typo, two words and a
 *   Chinese word, one request after another over HTTP on 127.0.0.1; p50 and p99.
 * - Throughput: the home list (`GET /api/apps`), a search and the home sections
 *   (`GET /api/apps/explore`) under autocannon, 10 connections.
 * - Verdaccio: 200 packages published as `npm publish` does, then `GET /-/v1/search?text=…` for
 *   the same words.
 *
 * The apps are written straight through the catalogue's repository (a seeded generator of varied
 * words: titles, descriptions, keywords, some Chinese, some paid, private or blocked), and each
 * server runs in a child process, so the load generator does not share its event loop.
 * Target: search p99 ≤ 20 ms over 10,000 apps.
 *
 *   npm run bench:store-search        (or: node bench/store-search.ts [apps=10000])
 */
import type { Dialect } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import { describeMachine, latencies } from './request-timing.ts';
import { startVerdaccio } from './verdaccio.ts';

const IS_SERVER = process.argv[2] === 'serve';
const APPS = Number((IS_SERVER ? process.argv[4] : process.argv[2]) ?? 10_000);
const SEED = 16;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const VERDACCIO_PACKAGES = 200;
const TARGET_P99_MS = 20;

const SEARCHES = [
  { kind: 'exact word', keyword: 'invoice' },
  { kind: 'prefix', keyword: 'dash' },
  { kind: 'typo', keyword: 'dashbord' },
  { kind: 'two words', keyword: 'backup sync' },
  { kind: 'Chinese', keyword: '发票' },
] as const;
const BASELINE_PATH = '/api/store.json';
const searchPath = (keyword: string) => `/api/apps?keyword=${encodeURIComponent(keyword)}`;

// ------------------------------------------------------------------ the Store (child process)

async function serveStore(dialect: Dialect) {
  const { generateCatalogueApps, insertCatalogueApps, openStoreTestApp, TEST_NOW, USERS } =
    await import('@bazaar/store/testing');
  const t = await openStoreTestApp(dialect);
  const started = performance.now();
  const apps = generateCatalogueApps(APPS, { seed: SEED, ownerDid: USERS.developer.did, now: TEST_NOW });
  for (let from = 0; from < apps.length; from += 1_000) {
    await insertCatalogueApps(t.db, apps.slice(from, from + 1_000));
  }
  const seedSeconds = (performance.now() - started) / 1000;
  // What autovacuum does after a bulk load: statistics to plan by, and the visibility map that
  // lets counts read an index alone.
  if (dialect === 'postgres') await sql`vacuum analyze store_apps, store_app_listings`.execute(t.db);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (t.app.server.address() as AddressInfo).port;
  process.stdout.write(`${JSON.stringify({ port, seedSeconds })}\n`);
  process.once('SIGTERM', () => {
    void t.close().then(() => process.exit(0));
  });
}

// ------------------------------------------------------------------ load generator (parent)

async function startStore(
  dialect: Dialect,
): Promise<{ url: string; seedSeconds: number; child: ChildProcess }> {
  const child = spawn(process.execPath, [import.meta.filename, 'serve', dialect, String(APPS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const { port, seedSeconds } = JSON.parse(line) as { port: number; seedSeconds: number };
  return { url: `http://127.0.0.1:${port}`, seedSeconds, child };
}

async function stopStore(child: ChildProcess) {
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** `REQUESTS` GETs one after another after as many uncounted; p50 and p99. Anything but 200 fails the bench. */
async function timeGets(url: string) {
  const times: number[] = [];
  let count = 0;
  for (let index = 0; index < 2 * REQUESTS; index += 1) {
    const started = performance.now();
    const response = await fetch(url);
    const body = await response.text();
    if (index >= REQUESTS) times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body}`);
    const answer = JSON.parse(body) as { count?: number; total?: number };
    count = answer.count ?? answer.total ?? count;
  }
  return { ...latencies(times), found: count };
}

async function requestsPerSecond(
  url: string,
): Promise<{ 'req/s': number; 'p99 ms': number; errors: number }> {
  const options = { url, connections: CONNECTIONS };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: DURATION_SECONDS });
  return {
    'req/s': Math.round(result.requests.total / result.duration),
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const ratio = (value: number, baseline: number) => `${(value / baseline).toPrecision(2)}×`;

async function benchStore(dialect: Dialect, latencyRows: object[], throughputRows: object[]) {
  const { url, seedSeconds, child } = await startStore(dialect);
  try {
    const baseline = await timeGets(`${url}${BASELINE_PATH}`);
    latencyRows.push({
      server: `Store on ${dialect}`,
      request: 'baseline: GET /api/store.json',
      ...baseline,
    });
    for (const { kind, keyword } of SEARCHES) {
      const timed = await timeGets(`${url}${searchPath(keyword)}`);
      latencyRows.push({
        server: `Store on ${dialect}`,
        request: `search, ${kind}: "${keyword}"`,
        ...timed,
        'p99 vs baseline': ratio(timed['p99 ms'], baseline['p99 ms']),
        'p99 ≤ 20 ms': timed['p99 ms'] <= TARGET_P99_MS ? 'yes' : 'NO',
      });
    }
    const baselineLoad = await requestsPerSecond(`${url}${BASELINE_PATH}`);
    throughputRows.push({
      server: `Store on ${dialect}`,
      request: 'baseline: GET /api/store.json',
      ...baselineLoad,
    });
    for (const [request, path] of [
      ['list: GET /api/apps', '/api/apps'],
      ['search: GET /api/apps?keyword=invoice', searchPath('invoice')],
      ['sections: GET /api/apps/explore', '/api/apps/explore'],
    ] as const) {
      const load = await requestsPerSecond(`${url}${path}`);
      throughputRows.push({
        server: `Store on ${dialect}`,
        request,
        ...load,
        'vs baseline': ratio(load['req/s'], baselineLoad['req/s']),
      });
    }
    return seedSeconds;
  } finally {
    await stopStore(child);
  }
}

/** Package names from the same words as the apps: `bench-invoice-tracker-a`. */
function packageNames(count: number): string[] {
  const subjects = [
    'invoice',
    'dashboard',
    'backup',
    'sync',
    'cron',
    'receipt',
    'wallet',
    'chat',
    'metrics',
    'notes',
  ];
  const roles = ['tracker', 'mailer', 'monitor', 'relay', 'kit', 'viewer', 'planner', 'sync', 'bot', 'hub'];
  return Array.from({ length: count }, (_, index) => {
    const suffix = String.fromCharCode(97 + Math.floor(index / 100), 97 + (index % 26));
    return `bench-${subjects[index % subjects.length]}-${roles[Math.floor(index / 10) % roles.length]}-${suffix}`;
  });
}

async function benchVerdaccio(latencyRows: object[]) {
  const verdaccio = await startVerdaccio();
  try {
    const tarball = gzipSync(Buffer.from('package/index.js\nconsole.log(1)\n'));
    for (const name of packageNames(VERDACCIO_PACKAGES)) {
      await verdaccio.publish({ name, version: '1.0.0', tarball });
    }
    for (const { kind, keyword } of SEARCHES.slice(0, 4)) {
      const timed = await timeGets(
        `${verdaccio.url}/-/v1/search?text=${encodeURIComponent(keyword)}&size=20`,
      );
      latencyRows.push({
        server: `Verdaccio ${verdaccio.version}`,
        request: `search, ${kind}: "${keyword}"`,
        ...timed,
      });
    }
  } finally {
    await verdaccio.close();
  }
}

if (IS_SERVER) {
  await serveStore(process.argv[3] as Dialect);
} else {
  const latencyRows: object[] = [];
  const throughputRows: object[] = [];
  const seeding: string[] = [];
  for (const dialect of TEST_DIALECTS) {
    const seconds = await benchStore(dialect, latencyRows, throughputRows);
    seeding.push(`${dialect} ${seconds.toFixed(1)} s`);
  }
  await benchVerdaccio(latencyRows);
  console.log(
    `${describeMachine()}; ${APPS} published apps (seeded in ${seeding.join(', ')}), ` +
      `Verdaccio ${VERDACCIO_PACKAGES} packages; HTTP on 127.0.0.1`,
  );
  console.log(`Latency: ${REQUESTS} requests each, one after another (found: the search's count)`);
  console.table(latencyRows);
  console.log(
    `Throughput: autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each after 2 s of warm-up`,
  );
  console.table(throughputRows);
}
