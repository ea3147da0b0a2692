import type { Manifest } from '@bazaar/bundle';
import { AppError } from '@bazaar/server-kit';
import type { StoreDeps } from '../../deps.ts';
import { manifestOf } from '../apps/detail/service.ts';
import type { AppRow, VersionRow } from '../apps/repository.ts';
import { requireVisibleVersion, type Viewer } from '../apps/visibility.ts';
import { isDownloadLicensed } from '../licences/service.ts';

export interface AuthorizedDownload {
  app: AppRow;
  row: VersionRow;
  /** The version's signed manifest, read once for every use of it. */
  manifest: Manifest;
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
 * version, and APP_BLOCKED for a blocked app (`requireVisibleVersion`). A version with a price
 * (its signed manifest's) is then LICENCE_REQUIRED unless the viewer holds a licence for it, or
 * presents one (`licenceToken`, the `X-Bazaar-Licence` header): its managers need none.
 */
export async function authorizeDownload(
  deps: Pick<StoreDeps, 'db' | 'clock' | 'livemode'>,
  input: { did: string; version?: string; viewer: Viewer; licenceToken: string | null },
): Promise<AuthorizedDownload> {
  const { app, row, manager } = await requireVisibleVersion(deps.db, input);
  const manifest = manifestOf(row);
  if (!manager && manifest.price !== null) {
    const licensed = await isDownloadLicensed(deps, {
      appDid: app.did,
      version: row.version,
      viewerDid: input.viewer?.did ?? null,
      token: input.licenceToken,
    });
    if (!licensed) {
      throw new AppError(
        'LICENCE_REQUIRED',
        'This app is paid: sign in as its buyer, or present its licence in the X-Bazaar-Licence header',
      );
    }
  }
  return { app, row, manifest, manager, isCounted: row.status === 'published' && app.blocked_at === null };
}
