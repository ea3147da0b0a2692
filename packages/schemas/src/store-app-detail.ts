import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { appVersionParamSchema, appVersionStatusSchema, appVisibilitySchema } from './store.ts';

/**
 * An app's page (`/apps/{did}/{version?}`): one version of it as its signed manifest describes
 * it, with the facts the Store keeps (owner, category, downloads, published versions).
 */

/**
 * Where a file the manifest names (logo, screenshots, readmes, changelog) is served from the
 * version's own bundle. The path's segments are encoded one by one, so `/` stays a separator.
 */
export function appAssetUrl(did: string, version: string, path: string): string {
  const encodedPath = path.split('/').map(encodeURIComponent).join('/');
  return `/api/apps/${did}/versions/${encodeURIComponent(version)}/assets/${encodedPath}`;
}

/** Another app a manifest names, by DID or by name, with the versions it works with. */
export const appPageReferenceSchema = z.object({
  did: z.string().nullable(),
  name: z.string().nullable(),
  version: z.string(),
});
export type AppPageReference = z.infer<typeof appPageReferenceSchema>;

/** A price as the manifest states it, in the currency's units (`"9.99"` `"USD"`); null is free. */
export const appPriceSchema = z.object({ amount: z.string(), currency: z.string() }).nullable();
export type AppPrice = z.infer<typeof appPriceSchema>;

/** A published version in the page's versions list, newest first. */
export const appPageVersionSchema = z.object({
  version: z.string(),
  publishedAt: timestampSchema.nullable(),
  size: z.number().int().nonnegative(),
});

/** `GET /api/apps/{did}?version=`: the published version unless one is named. */
export const appPageSchema = z.object({
  did: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  version: z.string(),
  /** The version's review status: always `published` for visitors; managers may open any upload. */
  status: appVersionStatusSchema,
  publishedAt: timestampSchema.nullable(),
  /** The published version, which the Buy and Download buttons are for; null before the first publish. */
  currentVersion: z.string().nullable(),
  logoUrl: z.string().nullable(),
  screenshotUrls: z.array(z.string()),
  /** The readme in each language the bundle has one in; the page shows the visitor's, else English. */
  readmeUrls: z.object({ en: z.string().nullable(), zh: z.string().nullable() }),
  changelogUrl: z.string().nullable(),
  license: z.string().nullable(),
  keywords: z.array(z.string()),
  price: appPriceSchema,
  /** The category an admin filed the app under (a category id), null until approved. */
  category: z.string().nullable(),
  components: z.array(appPageReferenceSchema),
  dependencies: z.array(appPageReferenceSchema),
  extensions: z.array(appPageReferenceSchema),
  resources: z.array(appPageReferenceSchema),
  /** The tarball's size in bytes, its `sha512-…` and how many files it holds. */
  size: z.number().int().nonnegative(),
  integrity: z.string(),
  fileCount: z.number().int().nonnegative(),
  ownerDid: z.string(),
  /** The developer's name in the Store. */
  ownerName: z.string(),
  visibility: appVisibilitySchema,
  isBlocked: z.boolean(),
  /** Counted downloads of every version. */
  downloads: z.number().int().nonnegative(),
  versions: z.array(appPageVersionSchema),
  /**
   * For the owner and Store admins (null for everyone else): the latest upload and its review
   * status, and why the app was blocked.
   */
  management: z
    .object({
      latestVersion: z.string().nullable(),
      latestStatus: appVersionStatusSchema.nullable(),
      blockedReason: z.string().nullable(),
    })
    .nullable(),
});
export type AppPage = z.infer<typeof appPageSchema>;

export const appPageQuerySchema = z.object({ version: appVersionParamSchema.optional() });

/**
 * A place an installed copy of the app runs, as it last reported itself (signed by the app's
 * key). One not heard from in `APP_INSTANCE_STALE_SECONDS` reads as inactive, whatever it said.
 */
export const appInstanceSchema = z.object({
  url: z.string(),
  owner: z.string(),
  status: z.enum(['active', 'inactive']),
  lastReportedAt: timestampSchema,
});
export type AppInstance = z.infer<typeof appInstanceSchema>;

export const APP_INSTANCE_STALE_SECONDS = 7 * 24 * 60 * 60;
/** `GET /api/apps/{did}/instances` answers the most recently reported ones. */
export const APP_INSTANCES_SHOWN = 50;

export const appInstanceListSchema = z.object({ list: z.array(appInstanceSchema), count: z.number().int() });
export type AppInstanceList = z.infer<typeof appInstanceListSchema>;
