/**
 * Authenticated publishes per second of a 20 KB bundle, the Store next to Verdaccio 6 on this
 * machine in the same run. The Store: `POST /api/apps/upload` with a `bzr_…` access token, the
 * form the CLI sends, through the listening platform, on SQLite and on PostgreSQL. Verdaccio:
 * what `npm publish` sends (`PUT /{package}`, the same tarball attached, the token `npm adduser`
 * got), its default htpasswd auth and tokens. Each publish is a new version of one app (package),
 * as versions must rise; at 8 at a time, 8 apps publish side by side, each version after version.
 * The bundles are made beforehand and both registries get the same bytes; the first publish of
 * each app (it creates the app) goes uncounted. Target: ≥ 10× Verdaccio's publishes per second.
 *
 *   npm run bench:store-publish        (or: node bench/store-publish.ts [publishes=200])
 *
 * The first run installs Verdaccio into a cache folder outside the repository (`verdaccio.ts`).
 */
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { bundleForm, noise, openBundleWorkshop, type TestBundle } from '@bazaar/store/testing';
import { describeMachine, latencies } from './request-timing.ts';
import { startBenchStore, type BenchStore } from './store-platform.ts';
import { startVerdaccio } from './verdaccio.ts';

const PUBLISHES = Number(process.argv[2] ?? 200);
const CONCURRENCIES = [1, 8];
/** Random, so gzip keeps it: with the manifest and tar headers the bundle weighs about 20 KB. */
const PAYLOAD_BYTES = 19 * 1024;

type Publish = (bundle: TestBundle) => Promise<void>;
type Workshop = Awaited<ReturnType<typeof openBundleWorkshop>>;

/** App names are letters and hyphens only: `bench-a`, `bench-b`, … */
const appName = (index: number) => `bench-${String.fromCharCode(97 + index)}`;

/** One app's bundles, versions 1.0.0 up, the first one extra (it creates the app, uncounted). */
async function makeLane(workshop: Workshop, name: string, publishes: number): Promise<TestBundle[]> {
  const files = () => ({ 'index.js': noise(PAYLOAD_BYTES) });
  const first = await workshop.make({ name, version: '1.0.0', files: files() });
  const lane = [first];
  for (let patch = 1; patch <= publishes; patch += 1) {
    lane.push(await workshop.make({ key: first.key, name, version: `1.0.${patch}`, files: files() }));
  }
  return lane;
}

/** Each lane publishes its bundles one after another, the lanes at once. */
async function measure(lanes: TestBundle[][], publish: Publish) {
  await Promise.all(lanes.map((lane) => publish(lane[0]!)));
  const times: number[] = [];
  const started = performance.now();
  await Promise.all(
    lanes.map(async (lane) => {
      for (const bundle of lane.slice(1)) {
        const before = performance.now();
        await publish(bundle);
        times.push(performance.now() - before);
      }
    }),
  );
  const perSecond = times.length / ((performance.now() - started) / 1000);
  return { publishes: times.length, 'publishes/s': Number(perSecond.toFixed(1)), ...latencies(times) };
}

function storePublish({ store, token }: BenchStore): Publish {
  return async (bundle) => {
    const form = bundleForm(bundle.bytes);
    const response = await fetch(`${store}/api/apps/upload`, {
      method: 'POST',
      headers: { ...form.headers, authorization: `Bearer ${token}` },
      body: new Uint8Array(form.payload),
    });
    const answer = await response.text();
    if (response.status !== 201) throw new Error(`The Store answered ${response.status}: ${answer}`);
  };
}

const workshop = await openBundleWorkshop();
try {
  const lanesByConcurrency = new Map<number, TestBundle[][]>();
  let apps = 0;
  for (const concurrency of CONCURRENCIES) {
    const lanes = [];
    for (let lane = 0; lane < concurrency; lane += 1) {
      lanes.push(await makeLane(workshop, appName(apps++), Math.ceil(PUBLISHES / concurrency)));
    }
    lanesByConcurrency.set(concurrency, lanes);
  }

  const rows = [];
  const baseline = new Map<number, number>();
  const verdaccio = await startVerdaccio();
  try {
    for (const [concurrency, lanes] of lanesByConcurrency) {
      const result = await measure(lanes, ({ manifest, bytes }) =>
        verdaccio.publish({ name: manifest.name, version: manifest.version, tarball: bytes }),
      );
      baseline.set(concurrency, result['publishes/s']);
      rows.push({ registry: `baseline: Verdaccio ${verdaccio.version}`, concurrency, ...result });
    }
  } finally {
    await verdaccio.close();
  }
  for (const dialect of TEST_DIALECTS) {
    const store = await startBenchStore(dialect);
    try {
      for (const [concurrency, lanes] of lanesByConcurrency) {
        const result = await measure(lanes, storePublish(store));
        const ratio = result['publishes/s'] / baseline.get(concurrency)!;
        rows.push({
          registry: `Store on ${dialect}`,
          concurrency,
          ...result,
          'vs Verdaccio': `${ratio.toFixed(1)}×`,
        });
      }
    } finally {
      await store.close();
    }
  }
  const kilobytes = (lanesByConcurrency.get(1)![0]![0]!.bytes.length / 1024).toFixed(1);
  console.log(`${describeMachine()}; ${kilobytes} KB bundles, over HTTP on 127.0.0.1`);
  console.table(rows);
} finally {
  await workshop.remove();
}
