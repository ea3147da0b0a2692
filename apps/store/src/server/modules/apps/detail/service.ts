import type { AppReference, Manifest } from '@bazaar/bundle';
import { appAssetUrl, appPageSchema, type AppPage, type AppPageReference } from '@bazaar/schemas';
import type { StoreDb } from '../../../db/tables.ts';
import { findDeveloper } from '../../developers/index.ts';
import { findVersionRow, listVersionRowsInStatuses, type VersionRow } from '../repository.ts';
import { sortVersionRows } from '../views.ts';
import { requireVisibleVersion, type Viewer } from '../visibility.ts';

/**
 * The manifest a version was uploaded with. The upload verified it whole (shape and signature)
 * before writing it, so it is read back without parsing its file list again, which may hold
 * 20,000 entries; the page's answer still goes through its own schema.
 */
export function manifestOf(row: Pick<VersionRow, 'manifest'>): Manifest {
  return JSON.parse(row.manifest) as Manifest;
}

const toReference = (reference: AppReference): AppPageReference => ({
  did: 'did' in reference ? reference.did : null,
  name: 'name' in reference ? reference.name : null,
  version: reference.version,
});

/**
 * `GET /api/apps/{did}?version=`: the app's page at one version (the published one unless named),
 * as `viewer` may see it (`requireVisibleVersion`). Texts, pictures and lists are that version's
 * own, from its signed manifest; the versions list has the published ones only.
 */
export async function getAppPage(
  db: StoreDb,
  input: { did: string; version?: string; viewer: Viewer },
): Promise<AppPage> {
  const { app, manager, row } = await requireVisibleVersion(db, input);
  const manifest = manifestOf(row);
  const asset = (path: string | undefined) =>
    path === undefined ? null : appAssetUrl(app.did, row.version, path);
  const [developer, published] = await Promise.all([
    findDeveloper(db, app.owner_did),
    listVersionRowsInStatuses(db, app.did, ['published']),
  ]);
  const latestRow =
    manager && app.latest_version !== null
      ? app.latest_version === row.version
        ? row
        : await findVersionRow(db, app.did, app.latest_version)
      : undefined;
  return appPageSchema.parse({
    did: app.did,
    name: manifest.name,
    title: manifest.title,
    description: manifest.description,
    version: row.version,
    status: row.status,
    publishedAt: row.published_at,
    currentVersion: app.current_version,
    logoUrl: asset(manifest.logo),
    screenshotUrls: manifest.screenshots.map((path) => appAssetUrl(app.did, row.version, path)),
    readmeUrls: { en: asset(manifest.readme.en), zh: asset(manifest.readme.zh) },
    changelogUrl: asset(manifest.changelog),
    license: manifest.license ?? null,
    keywords: manifest.keywords,
    price: manifest.price,
    category: app.category,
    components: manifest.components.map(toReference),
    dependencies: manifest.dependencies.map(toReference),
    extensions: manifest.extensions.map(toReference),
    resources: manifest.resources.map(toReference),
    size: row.size,
    integrity: row.integrity,
    fileCount: manifest.files.length,
    ownerDid: app.owner_did,
    // A developer record outlives revocation and leaving, so this falls back only for rows
    // written before the first upload bound the app (never, today).
    ownerName: developer?.username ?? app.owner_did,
    visibility: app.visibility,
    isBlocked: app.blocked_at !== null,
    downloads: app.downloads,
    versions: sortVersionRows(published).map((version) => ({
      version: version.version,
      publishedAt: version.published_at,
      size: version.size,
    })),
    management: manager
      ? {
          latestVersion: app.latest_version,
          latestStatus: latestRow?.status ?? null,
          blockedReason: app.blocked_reason,
        }
      : null,
  });
}
