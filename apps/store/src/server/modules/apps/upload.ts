import { BundleError, readBundle, type Manifest } from '@bazaar/bundle';
import {
  BYTES_PER_MB,
  ERROR_STATUS,
  IN_REVIEW_STATUSES,
  isReviewRequired,
  type ErrorCode,
  type UploadAppResponse,
} from '@bazaar/schemas';
import { AppError, isUniqueViolation } from '@bazaar/server-kit';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import semver from 'semver';
import { toFlag, type StoreDb } from '../../db/tables.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { StoreDeps } from '../../deps.ts';
import { hasRowLocks } from '../../db/row-locks.ts';
import { getStoreSettings } from '../settings/service.ts';
import { newOrderedStoreId } from './ordered-id.ts';
import {
  findAppRow,
  findAppRowNamed,
  insertAppRow,
  insertHistoryRow,
  insertVersionRow,
  listVersionRowsInStatuses,
  updateAppRow,
  withAppUploadLock,
  type AppRow,
  type VersionRow,
} from './repository.ts';
import { appBlocked, autoPublishIfAllowed } from './review.ts';
import { publishFactsOf, toApp, toVersion } from './views.ts';

/** A refusal of `readBundle`, as the API error of the same code (`BUNDLE_TOO_LARGE` is a 413). */
function asAppError(error: unknown): unknown {
  if (!(error instanceof BundleError)) return error;
  const code: ErrorCode = error.code in ERROR_STATUS ? (error.code as ErrorCode) : 'BUNDLE_CORRUPT';
  return new AppError(code, error.message, error.details);
}

/** `apps/{did}/{version}/{name}-{version}.tgz`; a name may start with `-`, which a key segment may not. */
export function bundleStorageKey(manifest: Pick<Manifest, 'did' | 'name' | 'version'>): string {
  const fileName = `${manifest.name.replace(/^-+/, '') || 'app'}-${manifest.version}.tgz`;
  return `apps/${manifest.did}/${manifest.version}/${fileName}`;
}

const nameTaken = (name: string) =>
  new AppError('APP_NAME_TAKEN', `Another app is named ${name}`, [
    { path: 'manifest.name', message: `${name} is existed` },
  ]);

/**
 * The Store's rules for a verified bundle, checked without writing anything: the app's first
 * upload may take any free name; later ones must come from its developer, for an app that is
 * not blocked, with a version above the latest, and not while a review the app needs is open.
 */
async function assertUploadAllowed(
  db: StoreDb,
  input: { app: AppRow | undefined; manifest: Manifest; developerDid: string },
): Promise<void> {
  const { app, manifest } = input;
  if (app) {
    if (app.owner_did !== input.developerDid) {
      throw new AppError('APP_NOT_OWNED', 'This app belongs to another developer');
    }
    if (app.blocked_at !== null) throw appBlocked();
    if (app.latest_version !== null && !semver.gt(manifest.version, app.latest_version)) {
      throw new AppError(
        'VERSION_NOT_GREATER',
        `Version ${manifest.version} is not greater than the latest uploaded version ${app.latest_version}`,
      );
    }
    const openReviews = await listVersionRowsInStatuses(db, app.did, IN_REVIEW_STATUSES);
    if (isReviewRequired(publishFactsOf(app)) && openReviews.length > 0) {
      const open = openReviews[0]!;
      throw new AppError(
        'APP_IN_REVIEW',
        `Version ${open.version} is ${open.status}: publish or cancel it before uploading another version`,
      );
    }
  }
  if (await findAppRowNamed(db, { name: manifest.name, exceptDid: manifest.did })) {
    throw nameTaken(manifest.name);
  }
}

interface UploadRecord {
  manifest: Manifest;
  integrity: string;
  size: number;
  storageKey: string;
  developerDid: string;
  tokenId: string;
}

/**
 * Writes the upload in the caller's transaction: the app (created on its first upload, its
 * listing fields following the latest upload otherwise), the draft version and its history row,
 * then auto-publish when the app allows it. The rules are checked again on the locked row,
 * unless the caller checked them on a row its own transaction already holds (`lockedApp`).
 */
async function recordUpload(
  trx: StoreDb,
  deps: Pick<StoreDeps, 'clock'>,
  record: UploadRecord,
  lockedApp?: { row: AppRow | undefined },
): Promise<{ app: AppRow; row: VersionRow }> {
  const { manifest } = record;
  const now = deps.clock.now();
  const existing = lockedApp ? lockedApp.row : await findAppRow(trx, manifest.did, { lock: true });
  if (!lockedApp) {
    await assertUploadAllowed(trx, { app: existing, manifest, developerDid: record.developerDid });
  }
  const listing = {
    name: manifest.name,
    title: manifest.title,
    description: manifest.description,
    logo: manifest.logo ?? null,
    latest_version: manifest.version,
    updated_at: now,
  };
  try {
    if (existing) {
      await updateAppRow(trx, manifest.did, listing);
    } else {
      const settings = await getStoreSettings(trx);
      await insertAppRow(trx, {
        ...listing,
        did: manifest.did,
        owner_did: record.developerDid,
        visibility: 'public',
        auto_publish: toFlag(settings.autoPublishDefault),
        review_type: settings.defaultReviewType,
        created_at: now,
      });
    }
  } catch (error) {
    // Another app took the name since the check: the unique index decides.
    if (isUniqueViolation(error)) throw nameTaken(manifest.name);
    throw error;
  }
  const row: VersionRow = {
    app_did: manifest.did,
    version: manifest.version,
    status: 'draft',
    manifest: JSON.stringify(manifest),
    integrity: record.integrity,
    size: record.size,
    storage_key: record.storageKey,
    uploaded_by_token: record.tokenId,
    uploaded_at: now,
    status_changed_at: now,
    published_at: null,
  };
  await insertVersionRow(trx, row);
  await insertHistoryRow(trx, {
    id: newOrderedStoreId('appHistory'),
    app_did: row.app_did,
    version: row.version,
    from_status: null,
    to_status: 'draft',
    actor_did: record.developerDid,
    actor_kind: 'developer',
    reason: null,
    created_at: now,
  });
  const app = (await findAppRow(trx, manifest.did))!;
  return autoPublishIfAllowed(trx, { app, row, now });
}

/**
 * Takes a bundle upload for the developer an access token speaks for ("do not trust, verify"):
 * 1. `receive` writes the uploaded file to a private temporary folder, at most the Store's
 *    bundle size limit (the route streams the multipart form there);
 * 2. `readBundle` verifies it whole (format, paths, entry types, signature by the app DID's own
 *    key, every file against the signed manifest) and answers its manifest and sha512;
 * 3. the Store's rules (`assertUploadAllowed`), then the bundle goes to the storage (checked
 *    against its size and sha512 as it goes) and the rows are written in one transaction; if
 *    that fails, the stored bundle is deleted again. Uploads of one app take turns, so two
 *    uploads of one version never write the same key at once.
 * Nothing is written when any step refuses.
 */
export async function uploadBundle(
  deps: Pick<StoreDeps, 'db' | 'clock' | 'storage'>,
  input: {
    developerDid: string;
    tokenId: string;
    receive: (file: string, maxBytes: number) => Promise<void>;
  },
): Promise<UploadAppResponse> {
  const maxBytes = (await getStoreSettings(deps.db)).maxBundleSizeMb * BYTES_PER_MB;
  const folder = await mkdtemp(join(tmpdir(), 'bazaar-upload-'));
  try {
    const file = join(folder, 'bundle.tgz');
    await input.receive(file, maxBytes);
    const bundle = await readBundle(createReadStream(file), { maxBytes, keepFiles: () => false }).catch(
      (error: unknown) => {
        throw asAppError(error);
      },
    );
    const { manifest } = bundle;
    const storageKey = bundleStorageKey(manifest);
    const { app, row } = await withAppUploadLock(deps.db, manifest.did, async (db) => {
      // On PostgreSQL `db` is the lock's transaction: the row read here stays locked (and
      // checked) until the upload is written; on SQLite nothing holds it, so it is read again.
      const isHeld = hasRowLocks(db);
      const existing = await findAppRow(db, manifest.did, { lock: isHeld });
      await assertUploadAllowed(db, { app: existing, manifest, developerDid: input.developerDid });
      const sha512 = Buffer.from(bundle.integrity.slice('sha512-'.length), 'base64').toString('hex');
      await deps.storage.put(storageKey, createReadStream(file), {
        size: bundle.size,
        sha512,
        contentType: 'application/gzip',
      });
      try {
        return await inTransaction(db, (trx) =>
          recordUpload(
            trx,
            deps,
            {
              manifest,
              integrity: bundle.integrity,
              size: bundle.size,
              storageKey,
              developerDid: input.developerDid,
              tokenId: input.tokenId,
            },
            isHeld ? { row: existing } : undefined,
          ),
        );
      } catch (error) {
        // The refusal is what the caller needs to hear; a bundle left behind is only disk space.
        await deps.storage.delete(storageKey).catch(() => undefined);
        throw error;
      }
    });
    return { app: toApp(app), version: toVersion(row), published: row.status === 'published' };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
