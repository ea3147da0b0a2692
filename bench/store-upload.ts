/**
 * Uploading a 50 MB bundle to the Store: the CLI's own upload (`uploadBundleFile`, streamed from
 * the file) to the platform listening on 127.0.0.1, timed until the Store answers 201, with MB/s
 * and this process's peak RSS meanwhile (client and platform share the process). Next to it, in
 * the same run and the same way, the same bytes sent to a bare Node HTTP server that only drains
 * the request: what this machine's HTTP stack allows. The bundle's file is random bytes, so gzip
 * leaves the tarball at 50 MB; the Store's default size limit (500 MB) takes it. Runs alternate
 * between the two and the median is printed.
 *
 *   npm run bench:store-upload        (or: node bench/store-upload.ts [megabytes=50] [runs=3])
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBundle, generateAppKey, type CreatedBundle } from '@bazaar/bundle';
import { BYTES_PER_MB } from '@bazaar/schemas';
import { uploadBundleFile, type Progress } from '@bazaar/cli';
import { peakRssMegabytes, resetPeakRss } from './peak-rss.ts';
import { describeMachine, percentile } from './request-timing.ts';
import { startBenchStore } from './store-platform.ts';

const MEGABYTES = Number(process.argv[2] ?? 50);
const RUNS = Number(process.argv[3] ?? 3);
const SILENT: Progress = { update() {}, stop() {} };
/** The shape the CLI reads back from an upload, so its upload to the bare server completes. */
const DRAINED_ANSWER = JSON.stringify({
  app: { did: 'did:key:drained', name: 'drained' },
  version: { version: '1.0.0', status: 'draft' },
  published: false,
});

interface Upload {
  seconds: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

const megabytes = (bytes: number) => Math.round(bytes / BYTES_PER_MB);

/** Random megabytes one at a time, so the fixture never sits in memory whole. */
function* noiseMegabytes(count: number): Generator<Buffer> {
  for (let index = 0; index < count; index += 1) yield randomBytes(BYTES_PER_MB);
}

/** `RUNS` bundles (versions) of one app whose folder holds `MEGABYTES` of random bytes. */
async function makeBundles(root: string): Promise<CreatedBundle[]> {
  const folder = join(root, 'app');
  await mkdir(folder);
  await writeFile(join(folder, 'data.bin'), noiseMegabytes(MEGABYTES));
  const key = generateAppKey();
  const bundles = [];
  for (let run = 0; run < RUNS; run += 1) {
    bundles.push(
      await createBundle({
        folder,
        manifest: { name: 'bench-big', title: 'Big', version: `1.0.${run}`, description: 'Heavy.' },
        secretKey: key.secretKey,
        outFile: join(root, `big-${run}.tgz`),
      }),
    );
  }
  return bundles;
}

async function startDrainServer() {
  const server = createServer((request, response) => {
    request.on('end', () =>
      response.writeHead(201, { 'content-type': 'application/json' }).end(DRAINED_ANSWER),
    );
    request.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function timeUpload(store: string, token: string, bundle: CreatedBundle): Promise<Upload> {
  resetPeakRss();
  const rssBeforeMb = megabytes(process.memoryUsage.rss());
  const started = performance.now();
  await uploadBundleFile({ store, token, file: bundle.file, size: bundle.size, progress: SILENT });
  return { seconds: (performance.now() - started) / 1000, rssBeforeMb, peakRssMb: peakRssMegabytes() };
}

function summarize(target: string, uploads: readonly Upload[], size: number) {
  const median = (pick: (upload: Upload) => number) => percentile(uploads.map(pick), 50);
  const seconds = median((upload) => upload.seconds);
  return {
    target,
    'median s': Number(seconds.toFixed(2)),
    'MB/s': Math.round(size / BYTES_PER_MB / seconds),
    'RSS before MB': median((upload) => upload.rssBeforeMb),
    'peak RSS MB': Math.max(...uploads.map((upload) => upload.peakRssMb)),
  };
}

const root = await mkdtemp(join(tmpdir(), 'bazaar-bench-upload-'));
try {
  const bundles = await makeBundles(root);
  const store = await startBenchStore('sqlite');
  const drain = await startDrainServer();
  const toStore: Upload[] = [];
  const toDrain: Upload[] = [];
  try {
    for (const bundle of bundles) {
      toStore.push(await timeUpload(store.store, store.token, bundle));
      toDrain.push(await timeUpload(drain.url, 'bzr_unused', bundle));
    }
  } finally {
    await drain.close();
    await store.close();
  }
  const size = bundles[0]!.size;
  console.log(`${describeMachine()}; a ${(size / BYTES_PER_MB).toFixed(1)} MB bundle, ${RUNS} runs each`);
  console.table([
    summarize('baseline: bare Node server draining the request', toDrain, size),
    summarize('Store on sqlite: POST /api/apps/upload', toStore, size),
  ]);
} finally {
  await rm(root, { recursive: true, force: true });
}
