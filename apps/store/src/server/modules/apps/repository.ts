import { countAll, pageWindow } from '@bazaar/server-kit';
import type { AppVersionStatus } from '@bazaar/schemas';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { hasRowLocks } from '../../db/row-locks.ts';
import type { StoreDb, StoreTables } from '../../db/tables.ts';

export type AppRow = Selectable<StoreTables['store_apps']>;
export type VersionRow = Selectable<StoreTables['store_app_versions']>;
export type HistoryRow = Selectable<StoreTables['store_app_version_history']>;
export type CommentRow = Selectable<StoreTables['store_app_comments']>;

/** A version's columns beside an app's, in a query that left-joins `store_app_versions as v`. */
const JOINED_VERSION_COLUMNS = [
  'v.app_did as v_app_did',
  'v.version as v_version',
  'v.status as v_status',
  'v.manifest as v_manifest',
  'v.integrity as v_integrity',
  'v.size as v_size',
  'v.storage_key as v_storage_key',
  'v.uploaded_by_token as v_uploaded_by_token',
  'v.uploaded_at as v_uploaded_at',
  'v.status_changed_at as v_status_changed_at',
  'v.published_at as v_published_at',
] as const;

type JoinedRow = AppRow & {
  v_app_did: string | null;
  v_version: string | null;
  v_status: string | null;
  v_manifest: string | null;
  v_integrity: string | null;
  v_size: number | null;
  v_storage_key: string | null;
  v_uploaded_by_token: string | null;
  v_uploaded_at: number | null;
  v_status_changed_at: number | null;
  v_published_at: number | null;
};

/** An app row and the version the join found beside it (undefined when it found none). */
function splitJoinedVersion(row: JoinedRow): { app: AppRow; version: VersionRow | undefined } {
  const {
    v_app_did,
    v_version,
    v_status,
    v_manifest,
    v_integrity,
    v_size,
    v_storage_key,
    v_uploaded_by_token,
    v_uploaded_at,
    v_status_changed_at,
    v_published_at,
    ...app
  } = row;
  if (v_app_did === null) return { app, version: undefined };
  return {
    app,
    version: {
      app_did: v_app_did,
      version: v_version!,
      status: v_status!,
      manifest: v_manifest!,
      integrity: v_integrity!,
      size: v_size!,
      storage_key: v_storage_key!,
      uploaded_by_token: v_uploaded_by_token!,
      uploaded_at: v_uploaded_at!,
      status_changed_at: v_status_changed_at!,
      published_at: v_published_at,
    },
  };
}

/** An app row; with `lock`, held `FOR UPDATE` until the transaction ends (PostgreSQL). */
export async function findAppRow(
  db: StoreDb,
  did: string,
  options: { lock?: boolean } = {},
): Promise<AppRow | undefined> {
  return db
    .selectFrom('store_apps')
    .selectAll()
    .where('did', '=', did)
    .$if(options.lock === true && hasRowLocks(db), (query) => query.forUpdate())
    .executeTakeFirst();
}

/** Another app holding `name` in any letter case (compared as the unique index compares it). */
export async function findAppRowNamed(
  db: StoreDb,
  input: { name: string; exceptDid: string },
): Promise<AppRow | undefined> {
  return db
    .selectFrom('store_apps')
    .selectAll()
    .where(sql<boolean>`lower(name) = lower(${input.name})`)
    .where('did', '!=', input.exceptDid)
    .executeTakeFirst();
}

/** Throws the database's unique violation when the DID or the name is taken. */
export async function insertAppRow(db: StoreDb, row: Insertable<StoreTables['store_apps']>): Promise<void> {
  await db.insertInto('store_apps').values(row).execute();
}

export async function updateAppRow(
  db: StoreDb,
  did: string,
  changes: Updateable<StoreTables['store_apps']>,
): Promise<AppRow | undefined> {
  return db.updateTable('store_apps').set(changes).where('did', '=', did).returningAll().executeTakeFirst();
}

export async function findVersionRow(
  db: StoreDb,
  appDid: string,
  version: string,
): Promise<VersionRow | undefined> {
  return db
    .selectFrom('store_app_versions')
    .selectAll()
    .where('app_did', '=', appDid)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** An app's versions (in no particular order: the service sorts them by semver). */
export async function listVersionRows(db: StoreDb, appDid: string): Promise<VersionRow[]> {
  return db.selectFrom('store_app_versions').selectAll().where('app_did', '=', appDid).execute();
}

export async function listVersionRowsInStatuses(
  db: StoreDb,
  appDid: string,
  statuses: readonly AppVersionStatus[],
): Promise<VersionRow[]> {
  return db
    .selectFrom('store_app_versions')
    .selectAll()
    .where('app_did', '=', appDid)
    .where('status', 'in', [...statuses])
    .execute();
}

export async function insertVersionRow(
  db: StoreDb,
  row: Insertable<StoreTables['store_app_versions']>,
): Promise<void> {
  await db.insertInto('store_app_versions').values(row).execute();
}

/**
 * Moves a version from `from` to `to`, only if it is still in `from`: of two requests racing
 * to move the same version, one changes the row and the other gets undefined.
 */
export async function updateVersionStatusIf(
  db: StoreDb,
  input: {
    appDid: string;
    version: string;
    from: AppVersionStatus;
    to: AppVersionStatus;
    now: number;
  },
): Promise<VersionRow | undefined> {
  return db
    .updateTable('store_app_versions')
    .set({
      status: input.to,
      status_changed_at: input.now,
      ...(input.to === 'published' ? { published_at: input.now } : {}),
    })
    .where('app_did', '=', input.appDid)
    .where('version', '=', input.version)
    .where('status', '=', input.from)
    .returningAll()
    .executeTakeFirst();
}

/** History is append-only: this module inserts rows and reads them, never changes one. */
export async function insertHistoryRow(
  db: StoreDb,
  row: Insertable<StoreTables['store_app_version_history']>,
): Promise<void> {
  await db.insertInto('store_app_version_history').values(row).execute();
}

/** An app's history, oldest first (ids are ordered within a second). */
export async function listHistoryRows(db: StoreDb, appDid: string): Promise<HistoryRow[]> {
  return db
    .selectFrom('store_app_version_history')
    .selectAll()
    .where('app_did', '=', appDid)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertCommentRow(
  db: StoreDb,
  row: Insertable<StoreTables['store_app_comments']>,
): Promise<void> {
  await db.insertInto('store_app_comments').values(row).execute();
}

/** An app's review comments, oldest first. */
export async function listCommentRows(db: StoreDb, appDid: string): Promise<CommentRow[]> {
  return db
    .selectFrom('store_app_comments')
    .selectAll()
    .where('app_did', '=', appDid)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** An app with its latest version's row (null before the first upload completes, never in practice). */
export interface AppWithLatestRow {
  app: AppRow;
  latest: VersionRow | null;
}

const WAITING = sql<number>`case when v.status in ('pending', 'inReview') then 0 else 1 end`;

/**
 * Apps with their latest version: a developer's own (`ownerDid`), or all of them for the review
 * queue, where apps waiting for review (pending or in review) come first, longest waiting first;
 * then the most recently changed.
 */
export async function listAppRowsWithLatest(
  db: StoreDb,
  filter: { ownerDid?: string; status?: AppVersionStatus },
  page: { page: number; pageSize: number },
): Promise<{ rows: AppWithLatestRow[]; count: number }> {
  let query = db
    .selectFrom('store_apps as a')
    .leftJoin('store_app_versions as v', (join) =>
      join.onRef('v.app_did', '=', 'a.did').onRef('v.version', '=', 'a.latest_version'),
    );
  if (filter.ownerDid !== undefined) query = query.where('a.owner_did', '=', filter.ownerDid);
  if (filter.status !== undefined) query = query.where('v.status', '=', filter.status);
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([
    query
      .selectAll('a')
      .select(JOINED_VERSION_COLUMNS)
      .$if(filter.ownerDid === undefined, (ordered) =>
        ordered
          .orderBy(WAITING)
          .orderBy(sql`case when v.status in ('pending', 'inReview') then v.status_changed_at else 0 end`),
      )
      .orderBy('a.updated_at', 'desc')
      .orderBy('a.did')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select(countAll().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => {
      const { app, version } = splitJoinedVersion(row);
      return { app, latest: version ?? null };
    }),
    count: Number(total.count),
  };
}

/** Uploads of one app waiting for each other in this process (SQLite: one node, one writer). */
const localUploadLocks = new Map<string, Promise<unknown>>();

/**
 * Runs `work` while no other upload of the app `did` runs, so two uploads of one version cannot
 * both store their bundle under its key. On PostgreSQL the lock is a transaction-scoped advisory
 * lock, which holds across nodes, and `work` gets that transaction; on SQLite (one node) uploads
 * of an app queue in this process and `work` gets `db`.
 */
export async function withAppUploadLock<T>(
  db: StoreDb,
  did: string,
  work: (db: StoreDb) => Promise<T>,
): Promise<T> {
  if (hasRowLocks(db)) {
    return db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`store_apps:${did}`}))`.execute(trx);
      return work(trx);
    });
  }
  const previous = localUploadLocks.get(did) ?? Promise.resolve();
  const current = previous.catch(() => undefined).then(() => work(db));
  localUploadLocks.set(did, current);
  try {
    return await current;
  } finally {
    if (localUploadLocks.get(did) === current) localUploadLocks.delete(did);
  }
}

/** Adds counted downloads to an app's total (the downloads module, in the transaction that counts them). */
export async function addAppDownloads(db: StoreDb, did: string, count: number): Promise<void> {
  await db
    .updateTable('store_apps')
    .set((eb) => ({ downloads: eb('downloads', '+', count) }))
    .where('did', '=', did)
    .execute();
}

/** The apps of these DIDs (those that exist), in no particular order. */
export async function listAppRowsByDid(db: StoreDb, dids: readonly string[]): Promise<AppRow[]> {
  if (dids.length === 0) return [];
  return db
    .selectFrom('store_apps')
    .selectAll()
    .where('did', 'in', [...dids])
    .execute();
}

/**
 * An app with one of its versions in one query: `version`, or the published one when it is
 * null (a download's or a page's every request asks this). The version is undefined when the
 * app has none such.
 */
export async function findAppRowWithVersion(
  db: StoreDb,
  input: { did: string; version: string | null },
): Promise<{ app: AppRow; row: VersionRow | undefined } | undefined> {
  const found = await db
    .selectFrom('store_apps as a')
    .leftJoin('store_app_versions as v', (join) =>
      join
        .onRef('v.app_did', '=', 'a.did')
        .on((eb) =>
          input.version === null
            ? eb('v.version', '=', eb.ref('a.current_version'))
            : eb('v.version', '=', input.version),
        ),
    )
    .selectAll('a')
    .select(JOINED_VERSION_COLUMNS)
    .where('a.did', '=', input.did)
    .executeTakeFirst();
  if (!found) return undefined;
  const { app, version } = splitJoinedVersion(found);
  return { app, row: version };
}
