import { isStoreAdmin, type SessionUser } from '@bazaar/schemas';
import { notFound } from '@bazaar/server-kit';
import type { StoreDb } from '../../db/tables.ts';
import {
  findAppRow,
  findAppRowWithVersion,
  findVersionRow,
  type AppRow,
  type VersionRow,
} from './repository.ts';
import { appBlocked } from './review.ts';

/**
 * Who may see an app outside the developer's and the console's pages: the public sees a listed
 * app (published, public, not blocked) and its published versions; the app's owner and Store
 * admins ("managers") see all of it. Every visitor-facing route (detail, assets, downloads,
 * comments) asks here, so the rule is written once.
 */

/** A viewer: the signed-in platform user, or null for a guest. */
export type Viewer = Pick<SessionUser, 'did' | 'passports'> | null;

/** The app's owner or a Store admin. */
export function isAppManager(app: Pick<AppRow, 'owner_did'>, viewer: Viewer): boolean {
  return viewer !== null && (viewer.did === app.owner_did || isStoreAdmin(viewer));
}

/** Whether everyone sees the app: published, public and not blocked (what the catalogue lists). */
export function isListedApp(app: Pick<AppRow, 'current_version' | 'visibility' | 'blocked_at'>): boolean {
  return app.current_version !== null && app.visibility === 'public' && app.blocked_at === null;
}

export interface VisibleApp {
  app: AppRow;
  /** The viewer owns the app or is a Store admin: they see it private, blocked or unpublished. */
  manager: boolean;
}

/**
 * The app as `viewer` may see it. To anyone but its managers, an unknown, unpublished or private
 * app is NOT_FOUND (its existence is not told), and a blocked one APP_BLOCKED, whose text the
 * page shows ("app has been blocked by store admin").
 */
export async function requireVisibleApp(db: StoreDb, did: string, viewer: Viewer): Promise<VisibleApp> {
  return visibleOrRefused(await findAppRow(db, did), did, viewer);
}

function visibleOrRefused(app: AppRow | undefined, did: string, viewer: Viewer): VisibleApp {
  if (!app) throw notFound('app', did);
  const manager = isAppManager(app, viewer);
  if (manager || isListedApp(app)) return { app, manager };
  if (app.current_version === null || app.visibility !== 'public') throw notFound('app', did);
  throw appBlocked();
}

/**
 * A version of a visible app: the public sees published versions only; managers any uploaded
 * one (to review it). Without `version`, the published one (a manager of an app never published
 * gets its latest upload).
 */
export async function requireVisibleVersion(
  db: StoreDb,
  input: { did: string; version?: string; viewer: Viewer },
): Promise<VisibleApp & { row: VersionRow }> {
  // The app and the version asked for in one query; a manager of an app never published is
  // shown its latest upload, which takes a second.
  const found = await findAppRowWithVersion(db, { did: input.did, version: input.version ?? null });
  const visible = visibleOrRefused(found?.app, input.did, input.viewer);
  const { app, manager } = visible;
  const latest =
    input.version === undefined && app.current_version === null && manager ? app.latest_version : null;
  const row = latest === null ? found?.row : await findVersionRow(db, app.did, latest);
  if (!row || (!manager && row.status !== 'published')) {
    throw notFound('app version', `${app.did}@${input.version ?? 'current'}`);
  }
  return { ...visible, row };
}
