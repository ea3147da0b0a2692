import { manifestAssetPaths, readBundle } from '@bazaar/bundle';
import { notFound } from '@bazaar/server-kit';
import { LRUCache } from 'lru-cache';
import type { StoreDeps } from '../../../deps.ts';
import type { VersionRow } from '../repository.ts';
import { requireVisibleVersion, type Viewer } from '../visibility.ts';
import { manifestOf } from './service.ts';

/** The kinds of file a manifest may name as an asset (its schema allows no others). */
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  md: 'text/markdown; charset=utf-8',
};

/** What a process keeps of extracted assets, across every version it served. */
const ASSET_CACHE_BYTES = 64 * 1024 * 1024;

export interface AppAsset {
  body: Buffer;
  contentType: string;
  /** Only the app's managers may see it (a private, blocked or unpublished app): no shared caches. */
  restricted: boolean;
}

/**
 * The files a version's manifest names (logo, screenshots, readmes, changelog), read out of its
 * stored bundle, which is verified whole on the way (its sha512 against the upload's, every
 * file's sha256 against the manifest) so a bundle altered in storage serves nothing. A version
 * never changes, so its assets are kept in memory once read, and two requests for one version
 * read the bundle once.
 */
export function createAssetReader(deps: Pick<StoreDeps, 'db' | 'storage'>) {
  const extracted = new LRUCache<string, Map<string, Buffer>, VersionRow>({
    maxSize: ASSET_CACHE_BYTES,
    sizeCalculation: (files) =>
      Math.max(
        1,
        [...files.values()].reduce((sum, file) => sum + file.length, 0),
      ),
    fetchMethod: async (_key, _stale, { context: row }) => {
      const bundle = await readBundle(await deps.storage.get(row.storage_key), {
        maxBytes: row.size,
        expectedIntegrity: row.integrity,
        keepFiles: (path, manifest) => manifestAssetPaths(manifest).includes(path),
      });
      return bundle.files;
    },
  });

  return async function getAppAsset(input: {
    did: string;
    version: string;
    path: string;
    viewer: Viewer;
  }): Promise<AppAsset> {
    const { app, row } = await requireVisibleVersion(deps.db, input);
    const extension = input.path.slice(input.path.lastIndexOf('.') + 1).toLowerCase();
    const contentType = CONTENT_TYPES[extension];
    if (!contentType || !manifestAssetPaths(manifestOf(row)).includes(input.path)) {
      throw notFound('app asset', `${app.did}@${row.version}/${input.path}`);
    }
    const files = await extracted.fetch(row.integrity, { context: row });
    const body = files?.get(input.path);
    if (!body) throw notFound('app asset', `${app.did}@${row.version}/${input.path}`);
    const restricted = app.visibility !== 'public' || app.blocked_at !== null || row.status !== 'published';
    return { body, contentType, restricted };
  };
}

export type AssetReader = ReturnType<typeof createAssetReader>;
