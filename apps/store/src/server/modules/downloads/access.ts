import type { StoreDb } from '../../db/tables.ts';
import type { AppRow, VersionRow } from '../apps/repository.ts';
import { requireVisibleVersion, type Viewer } from '../apps/visibility.ts';

export interface AuthorizedDownload {
  app: AppRow;
  row: VersionRow;
  /** The viewer owns the app or is a Store admin. */
  manager: boolean;
  /**
   * Whether the download adds to the app's counts: a published version of an app that is not
   * blocked. A review of an upload, or a look at a blocked app by its managers, is no download.
   */
  isCounted: boolean;
}

/**
 * The one place that decides whether `viewer` may download a version of an app (the published
 * one unless `version` names another); every bundle route asks here and nowhere else. The public
 * may download a published version of a listed app; the app's owner and Store admins any upload
 * (to review it). Anyone else is told NOT_FOUND for an unknown, private or unpublished app or
 * version, and APP_BLOCKED for a blocked app (`requireVisibleVersion`). A paid app's licence
 * check goes here as well, once the version is known to be visible.
 */
export async function authorizeDownload(
  db: StoreDb,
  input: { did: string; version?: string; viewer: Viewer },
): Promise<AuthorizedDownload> {
  const { app, row, manager } = await requireVisibleVersion(db, input);
  return { app, row, manager, isCounted: row.status === 'published' && app.blocked_at === null };
}
