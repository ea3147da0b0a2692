import { manifestSignatureSchema, type ManifestSignature } from '@bazaar/bundle';
import type { DownloadSeries } from '@bazaar/schemas';
import { addDays, createPeriodicJob, utcDayOf, type PeriodicJob } from '@bazaar/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { LRUCache } from 'lru-cache';
import { inTransaction } from '../../db/transaction.ts';
import type { StoreDeps } from '../../deps.ts';
import { addAppDownloads } from '../apps/repository.ts';
import { requireVisibleApp, type Viewer } from '../apps/visibility.ts';
import { authorizeDownload } from './access.ts';
import { clientKeyOf, type DailySalts, type DownloadClient, type KnownCounted } from './client-keys.ts';
import {
  addToDownloadDay,
  deleteDownloadClientsBefore,
  deleteDownloadSaltsBefore,
  insertDownloadClientIfNew,
  listDownloadDayTotals,
  takeWaitingDownloads,
} from './repository.ts';

/** What counting needs besides the database and the clock: the days' salts of guests' keys, and what this node knows is counted. */
export type DownloadCountDeps = Pick<StoreDeps, 'db' | 'clock'> & { salts: DailySalts; known: KnownCounted };

/** A bundle a viewer may download, with what its headers say. */
export interface BundleDownload {
  appDid: string;
  version: string;
  /** `{name}-{version}.tgz`, the name as the version's manifest has it. */
  fileName: string;
  size: number;
  /** `sha512-{base64}`, as the upload verified and recorded it. */
  integrity: string;
  /** The signature of the bundle's manifest.json, by the app's key. */
  signature: ManifestSignature;
  storageKey: string;
  isCounted: boolean;
}

/** The bundle `viewer` may download (`authorizeDownload` says who may), without opening it yet. */
export async function prepareBundleDownload(
  deps: Pick<StoreDeps, 'db' | 'clock' | 'livemode'>,
  input: { did: string; version?: string; viewer: Viewer; licenceToken: string | null },
): Promise<BundleDownload> {
  const { row, manifest, isCounted } = await authorizeDownload(deps, input);
  return {
    appDid: row.app_did,
    version: row.version,
    fileName: `${manifest.name}-${row.version}.tgz`,
    size: row.size,
    integrity: row.integrity,
    signature: manifestSignatureSchema.parse(manifest.signature),
    storageKey: row.storage_key,
    isCounted,
  };
}

/** Bundles up to this size are kept in memory once read; larger ones always stream from storage. */
const CACHED_BUNDLE_MAX_BYTES = 1024 * 1024;
/** What a process keeps of small bundles, across all apps. */
const BUNDLE_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Opens a bundle to send. A stored version never changes, and most bundles are small, so a small
 * one is read from storage once, checked against the upload's integrity, and then served from
 * memory (a popular app's downloads cost no file system calls; one altered in storage is never
 * served); a large one is streamed from storage every time (it may be hundreds of megabytes),
 * and its client checks it. Two requests for a bundle not yet in memory read it once.
 */
export function createBundleOpener(deps: Pick<StoreDeps, 'storage'>) {
  const cache = new LRUCache<string, Buffer, BundleDownload>({
    maxSize: BUNDLE_CACHE_BYTES,
    sizeCalculation: (bytes) => Math.max(1, bytes.length),
    fetchMethod: async (_key, _stale, { context: download }) => {
      const bytes = await buffer(await deps.storage.get(download.storageKey));
      // What is kept is served many times: it must be the bundle the upload verified.
      const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
      if (integrity !== download.integrity) {
        throw new Error(
          `The stored bundle ${download.storageKey} is ${integrity}, not ${download.integrity}`,
        );
      }
      return bytes;
    },
  });
  return async function openBundle(download: BundleDownload): Promise<Readable> {
    if (download.size > CACHED_BUNDLE_MAX_BYTES) return deps.storage.get(download.storageKey);
    const bytes = await cache.fetch(`${download.storageKey} ${download.integrity}`, { context: download });
    return Readable.from([bytes!]);
  };
}

/**
 * Counts a download of the version by `client`, once per client per version per UTC day: the
 * client's row for the day goes in or conflicts (the primary key decides, so of racing requests
 * exactly one counts). It touches no row another client's download touches; the rollup adds it
 * to the day's count and the app's total. True when this one counted.
 */
export async function countDownload(
  deps: DownloadCountDeps,
  input: { appDid: string; version: string; client: DownloadClient },
): Promise<boolean> {
  const { appDid, version } = input;
  const day = utcDayOf(deps.clock.now());
  const entry = { day, appDid, version, clientKey: await clientKeyOf(deps.salts, day, input.client) };
  if (deps.known.has(entry)) return false;
  const isNew = await insertDownloadClientIfNew(deps.db, entry);
  deps.known.add(entry);
  return isNew;
}

/** Client rows a rollup transaction takes at most. */
const ROLLUP_BATCH_SIZE = 1_000;
/** How long a counted download may wait to show in the day's count and the app's total. */
export const ROLLUP_INTERVAL_MS = 1_000;

/**
 * Adds the client rows not yet rolled up to their days' counts and their apps' totals, and marks
 * them rolled up, in one transaction per batch: each row is added exactly once, whichever node
 * takes it and whenever (a crash leaves rows waiting for the next run). Counts and totals move in
 * key order, so two nodes rolling up at once never wait on each other in a circle. Answers how
 * many downloads it added.
 */
export async function rollUpDownloads(deps: Pick<StoreDeps, 'db'>): Promise<number> {
  let added = 0;
  for (;;) {
    const taken = await inTransaction(deps.db, async (trx) => {
      const counts = await takeWaitingDownloads(trx, ROLLUP_BATCH_SIZE);
      const perApp = new Map<string, number>();
      for (const count of counts) {
        await addToDownloadDay(trx, count);
        perApp.set(count.appDid, (perApp.get(count.appDid) ?? 0) + count.count);
      }
      for (const [appDid, count] of [...perApp].sort(([a], [b]) => (a < b ? -1 : 1))) {
        await addAppDownloads(trx, appDid, count);
      }
      return counts.reduce((sum, count) => sum + count.count, 0);
    });
    added += taken;
    if (taken < ROLLUP_BATCH_SIZE) return added;
  }
}

/** The rollup every second, started and stopped with the Store. */
export function createDownloadRollup(deps: Pick<StoreDeps, 'db'>, logger: FastifyBaseLogger): PeriodicJob {
  return createPeriodicJob({
    task: () => rollUpDownloads(deps),
    intervalMs: ROLLUP_INTERVAL_MS,
    logger,
    failureMessage: 'Rolling up downloads failed; the next run tries again',
  });
}

/**
 * An app's counted downloads for whoever may see the app (`requireVisibleApp`): every version
 * summed per UTC day over the last `days` days (today the last), days without any at 0.
 */
export async function getDownloadSeries(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { did: string; days: number; viewer: Viewer },
): Promise<DownloadSeries> {
  const { app } = await requireVisibleApp(deps.db, input.did, input.viewer);
  const to = utcDayOf(deps.clock.now());
  const from = addDays(to, 1 - input.days);
  const counted = new Map(
    (await listDownloadDayTotals(deps.db, { appDid: app.did, from, to })).map((row) => [row.day, row.count]),
  );
  const days = Array.from({ length: input.days }, (_, index) => {
    const day = addDays(from, index);
    return { day, count: counted.get(day) ?? 0 };
  });
  return {
    total: app.downloads,
    lastDays: days.reduce((sum, day) => sum + day.count, 0),
    days,
  };
}

/**
 * Client rows are kept for today and yesterday only: dedupe needs today's, and yesterday's covers
 * a download counted across midnight on a node whose clock is a little behind. No row outlives
 * two days; the per-day counts stay.
 */
export const DOWNLOAD_CLIENT_KEPT_DAYS = 2;
const SWEEP_BATCH_SIZE = 1_000;
const SWEEP_INTERVAL_MS = 15 * 60_000;

/** Deletes the rolled-up client rows and the salts of days before yesterday; answers how many client rows went. */
export async function sweepDownloadClients(deps: Pick<StoreDeps, 'db' | 'clock'>): Promise<number> {
  const before = addDays(utcDayOf(deps.clock.now()), 1 - DOWNLOAD_CLIENT_KEPT_DAYS);
  const deleted = await deleteDownloadClientsBefore(deps.db, { day: before, batchSize: SWEEP_BATCH_SIZE });
  await deleteDownloadSaltsBefore(deps.db, before);
  return deleted;
}

/** The sweep every 15 minutes, started and stopped with the Store. */
export function createDownloadSweeper(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  logger: FastifyBaseLogger,
): PeriodicJob {
  return createPeriodicJob({
    task: () => sweepDownloadClients(deps),
    intervalMs: SWEEP_INTERVAL_MS,
    logger,
    failureMessage: 'Sweeping download client rows failed; the next run tries again',
  });
}
