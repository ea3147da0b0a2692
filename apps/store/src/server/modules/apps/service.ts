import type {
  AppComment,
  AppDetail,
  AppListItem,
  AppVersionsResponse,
  AppVersionStatus,
  StoreApp,
  UpdateAppBody,
} from '@bazaar/schemas';
import { AppError, notFound } from '@bazaar/server-kit';
import { toFlag, type StoreDb } from '../../db/tables.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { StoreDeps } from '../../deps.ts';
import { newOrderedStoreId } from './ordered-id.ts';
import {
  findAppRow,
  insertCommentRow,
  listAppRowsWithLatest,
  listCommentRows,
  listHistoryRows,
  listVersionRows,
  updateAppRow,
  type AppRow,
} from './repository.ts';
import { requireApp, requireOwnedApp, requireVersion } from './review.ts';
import { sortVersionRows, toApp, toComment, toHistoryEntry, toListItem, toVersion } from './views.ts';

/** A developer's own apps, most recently changed first, each with its latest version. */
export async function listDeveloperApps(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { ownerDid: string; page: number; pageSize: number },
): Promise<{ list: AppListItem[]; count: number }> {
  const { rows, count } = await listAppRowsWithLatest(deps.db, { ownerDid: input.ownerDid }, input);
  const now = deps.clock.now();
  return { list: rows.map((row) => toListItem(row, now)), count };
}

/** The review queue: every app, those waiting for review first (longest waiting first). */
export async function listConsoleApps(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { status?: AppVersionStatus | undefined; page: number; pageSize: number },
): Promise<{ list: AppListItem[]; count: number }> {
  const filter = input.status ? { status: input.status } : {};
  const { rows, count } = await listAppRowsWithLatest(deps.db, filter, input);
  const now = deps.clock.now();
  return { list: rows.map((row) => toListItem(row, now)), count };
}

async function detailOf(db: StoreDb, app: AppRow): Promise<AppDetail> {
  const [versions, history, comments] = await Promise.all([
    listVersionRows(db, app.did),
    listHistoryRows(db, app.did),
    listCommentRows(db, app.did),
  ]);
  return {
    app: toApp(app),
    versions: sortVersionRows(versions).map(toVersion),
    history: history.map(toHistoryEntry),
    comments: comments.map(toComment),
  };
}

/** An app with its versions, history and review thread, for its developer (APP_NOT_OWNED for another's). */
export async function getDeveloperApp(db: StoreDb, input: { did: string; developerDid: string }) {
  return detailOf(db, await requireOwnedApp(db, input.did, input.developerDid));
}

/** The same for a Store admin, for any app. */
export async function getConsoleApp(db: StoreDb, did: string): Promise<AppDetail> {
  return detailOf(db, await requireApp(db, did));
}

/** What `bazaar status` shows: the app, its versions newest first, and their history. */
export async function listAppVersions(
  db: StoreDb,
  input: { did: string; developerDid: string },
): Promise<AppVersionsResponse> {
  const { app, versions, history } = await getDeveloperApp(db, input);
  return { app, versions, history };
}

/** The developer makes the app private or public, turns auto-publish on or off, or picks how supporters show. */
export async function updateApp(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { did: string; developerDid: string; changes: UpdateAppBody },
): Promise<StoreApp> {
  return inTransaction(deps.db, async (trx) => {
    const app = await requireOwnedApp(trx, input.did, input.developerDid, { lock: true });
    const { visibility, autoPublish, supportersView } = input.changes;
    if (visibility === undefined && autoPublish === undefined && supportersView === undefined)
      return toApp(app);
    const updated = await updateAppRow(trx, app.did, {
      ...(visibility !== undefined ? { visibility } : {}),
      ...(autoPublish !== undefined ? { auto_publish: toFlag(autoPublish) } : {}),
      ...(supportersView !== undefined ? { supporters_view: supportersView } : {}),
      updated_at: deps.clock.now(),
    });
    return toApp(updated!);
  });
}

/**
 * A Store admin blocks an app: it leaves the public lists (the catalogue reads `blocked_at`),
 * takes no new versions and publishes nothing; published versions stay as they are. Blocking a
 * blocked app changes nothing.
 */
export async function blockApp(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { did: string; reason: string; adminDid: string },
): Promise<StoreApp> {
  return inTransaction(deps.db, async (trx) => {
    const app = await requireApp(trx, input.did, { lock: true });
    if (app.blocked_at !== null) return toApp(app);
    const now = deps.clock.now();
    const updated = await updateAppRow(trx, app.did, {
      blocked_at: now,
      blocked_reason: input.reason,
      blocked_by: input.adminDid,
      updated_at: now,
    });
    return toApp(updated!);
  });
}

export async function unblockApp(deps: Pick<StoreDeps, 'db' | 'clock'>, did: string): Promise<StoreApp> {
  return inTransaction(deps.db, async (trx) => {
    const app = await requireApp(trx, did, { lock: true });
    if (app.blocked_at === null) return toApp(app);
    const updated = await updateAppRow(trx, app.did, {
      blocked_at: null,
      blocked_reason: null,
      blocked_by: null,
      updated_at: deps.clock.now(),
    });
    return toApp(updated!);
  });
}

/**
 * A comment on a version's review thread, by the app's developer or a Store admin. A draft has no
 * review yet, so it takes none (as in the original).
 */
export async function addComment(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: {
    did: string;
    version: string;
    body: string;
    author: { did: string; kind: 'developer' | 'admin' };
  },
): Promise<AppComment> {
  const app =
    input.author.kind === 'developer'
      ? await requireOwnedApp(deps.db, input.did, input.author.did)
      : await findAppRow(deps.db, input.did);
  if (!app) throw notFound('app', input.did);
  const row = await requireVersion(deps.db, app.did, input.version);
  if (row.status === 'draft') {
    throw new AppError(
      'VERSION_STATE_INVALID',
      `Version ${row.version} is a draft, which has no review thread: request a review first`,
    );
  }
  const comment = {
    id: newOrderedStoreId('appComment'),
    app_did: app.did,
    version: row.version,
    author_did: input.author.did,
    author_kind: input.author.kind,
    body: input.body,
    created_at: deps.clock.now(),
  };
  await insertCommentRow(deps.db, comment);
  return toComment(comment);
}
