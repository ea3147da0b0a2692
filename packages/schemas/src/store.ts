import { z } from 'zod';
import { decimalTokenSchema } from './catalogue.ts';
import { paginationQuerySchema, timestampSchema, unlessEmpty } from './common.ts';
import { randomToken } from './ids.ts';
import type { Role, SessionUser } from './platform.ts';

/**
 * The Store's contracts (its API under `/api`), shared by its server, its web app and the CLI.
 * "Developer" here is the Store's own record (the spec's "Developer Passport / NFT"), not the
 * platform's `developer` passport.
 */

// ---------------------------------------------------------------------------------------------
// Roles

/** Who administers the Store (review, block, categories, developers, settings): platform owners and admins. */
export const STORE_ADMIN_ROLES: readonly Role[] = ['owner', 'admin'];

/** True for a user holding a passport of one of `STORE_ADMIN_ROLES`. */
export function isStoreAdmin(user: Pick<SessionUser, 'passports'>): boolean {
  return user.passports.some((passport) => STORE_ADMIN_ROLES.includes(passport.role));
}

/**
 * Ids of the Store's own objects: `sinv_…` for invitations, `sdh_…` for developer history rows,
 * `sah_…` for app version history rows, `sac_…` for review comments, `scm_…` for the public
 * comments of app pages, `slic_…` for licences.
 */
export const STORE_ID_PREFIXES = {
  invitation: 'sinv',
  developerHistory: 'sdh',
  appHistory: 'sah',
  appComment: 'sac',
  publicComment: 'scm',
  stake: 'sstk',
  licence: 'slic',
} as const;

/** `newStoreId('invitation')` → `sinv_3kP…`. */
export function newStoreId(kind: keyof typeof STORE_ID_PREFIXES): string {
  return `${STORE_ID_PREFIXES[kind]}_${randomToken()}`;
}

/** A platform user's DID as a path parameter or body field. */
export const userDidSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^did:[a-z0-9]+:[\w.:%-]+$/i, 'Expected a DID like did:pkh:eip155:1:0x…');

// ---------------------------------------------------------------------------------------------
// Settings

/** How developers join: an admin's invitation (the default), or staking `stakeAmount` of `stakeCurrency`. */
export const STORE_PERMISSION_MODES = ['invitation', 'staking'] as const;
export const storePermissionModeSchema = z.enum(STORE_PERMISSION_MODES);
export type StorePermissionMode = z.infer<typeof storePermissionModeSchema>;

/** Review the first version of an app only, or every version. */
export const STORE_REVIEW_TYPES = ['first', 'each'] as const;
export const storeReviewTypeSchema = z.enum(STORE_REVIEW_TYPES);
export type StoreReviewType = z.infer<typeof storeReviewTypeSchema>;

export const STORE_MAX_BUNDLE_SIZE_MB_LIMIT = 2_048;
export const STORE_DEFAULT_MAX_BUNDLE_SIZE_MB = 500;
export const BYTES_PER_MB = 1024 * 1024;

/** A currency symbol (`ABT`, `TUSD`) or the Payment Kit's id of one. */
export const stakeCurrencySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,40}$/, 'Letters, digits and _ . - only, at most 40');

/**
 * The Store's settings. `stakeAmount` is in token units as a person types it (`'1'`, `'0.5'`),
 * a decimal string, never a JS number; it becomes the currency's smallest unit only where a stake
 * is taken.
 */
export const storeSettingsSchema = z.object({
  permissionMode: storePermissionModeSchema,
  stakeAmount: decimalTokenSchema,
  stakeCurrency: stakeCurrencySchema,
  defaultReviewType: storeReviewTypeSchema,
  maxBundleSizeMb: z.number().int().min(1).max(STORE_MAX_BUNDLE_SIZE_MB_LIMIT),
  autoPublishDefault: z.boolean(),
  /** The Store's share of each sale of a paid app, in whole percent; the developer gets the rest. */
  storeSharePercent: z.number().int().min(0).max(100),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

export const STORE_DEFAULT_SETTINGS: StoreSettings = {
  permissionMode: 'invitation',
  stakeAmount: '1',
  stakeCurrency: 'ABT',
  defaultReviewType: 'each',
  maxBundleSizeMb: STORE_DEFAULT_MAX_BUNDLE_SIZE_MB,
  autoPublishDefault: false,
  storeSharePercent: 30,
};

/** `PUT /api/console/settings`: the fields to change; those left out keep their value. */
export const updateStoreSettingsBodySchema = storeSettingsSchema.partial().strict();
export type UpdateStoreSettingsBody = z.infer<typeof updateStoreSettingsBodySchema>;

/** True when a decimal amount is above zero (`'0.00'` is not), read from its digits. */
export function isPositiveDecimal(amount: string): boolean {
  return /[1-9]/.test(amount);
}

/** `GET /api/store.json`: what the CLI and other stores read before talking to this one. */
export const storeInfoSchema = z.object({
  did: z.string(),
  name: z.string(),
  version: z.string(),
  permissionMode: storePermissionModeSchema,
  /** The largest bundle an upload may carry, in bytes. */
  maxBundleSize: z.number().int().positive(),
  /** What registering by staking costs, for the /join page (in token units, as the settings keep it). */
  stakeAmount: z.string(),
  stakeCurrency: z.string(),
});
export type StoreInfo = z.infer<typeof storeInfoSchema>;

// ---------------------------------------------------------------------------------------------
// Developers and invitations

/** `left`: the developer left the Store by staking's way out, asking for the stake back; they may join again. */
export const DEVELOPER_STATUSES = ['enabled', 'revoked', 'left'] as const;
export const developerStatusSchema = z.enum(DEVELOPER_STATUSES);
export type DeveloperStatus = z.infer<typeof developerStatusSchema>;

/** How someone became a developer. */
export const DEVELOPER_REGISTRATION_VIAS = ['invitation', 'staking'] as const;
export type DeveloperRegistrationVia = (typeof DEVELOPER_REGISTRATION_VIAS)[number];

export const storeDeveloperSchema = z.object({
  did: z.string(),
  username: z.string(),
  /** Unix seconds. */
  developerSince: timestampSchema,
  status: developerStatusSchema,
  revokedReason: z.string().nullable(),
  revokedAt: timestampSchema.nullable(),
});
export type StoreDeveloper = z.infer<typeof storeDeveloperSchema>;

// ---------------------------------------------------------------------------------------------
// Stakes

/**
 * `held` backs a developer; `returning` waits STAKE_RETURN_WAIT_SECONDS (`returnAfter`) so an
 * admin may still slash it; `returned` names the Payment Kit's `stake_return` refund; `slashed`
 * the Store keeps, for an app an admin blocked.
 */
export const STAKE_STATUSES = ['held', 'returning', 'returned', 'slashed'] as const;
export type StakeStatus = (typeof STAKE_STATUSES)[number];

/** How long a stake waits between a developer leaving and its return. */
export const STAKE_RETURN_WAIT_SECONDS = 7 * 24 * 60 * 60;

export const storeStakeSchema = z.object({
  id: z.string(),
  /** In token units, with the currency as the settings named it when it was paid. */
  amount: z.string(),
  currency: z.string(),
  status: z.enum(STAKE_STATUSES),
  returnAfter: timestampSchema.nullable(),
  refundId: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: timestampSchema,
});
export type StoreStake = z.infer<typeof storeStakeSchema>;

/** `POST /api/developer/stake`: the Payment Kit's payment link that takes the stake, for an embedded checkout. */
export const openStakeResponseSchema = z.object({ paymentLinkId: z.string() });

/** `GET /api/developer/me`: the signed-in user's developer record (null until they join) and latest stake. */
export const developerMeResponseSchema = z.object({
  developer: storeDeveloperSchema.nullable(),
  permissionMode: storePermissionModeSchema,
  stake: storeStakeSchema.nullable(),
});
export type DeveloperMeResponse = z.infer<typeof developerMeResponseSchema>;

/** A page's query may carry a filter it has no value for (`status=`): that filters nothing. */
export const listDevelopersQuerySchema = paginationQuerySchema.extend({
  status: unlessEmpty(developerStatusSchema),
  /** Part of a DID or username. */
  q: unlessEmpty(z.string().trim().max(200)),
});

export const DEVELOPER_REASON_MAX_LENGTH = 255;

/** `PUT /api/console/developers/{did}`: revoking needs a reason; enabling may carry one. */
export const updateDeveloperBodySchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('revoked'),
    reason: z
      .string({ error: 'Reason is required' })
      .trim()
      .min(1, 'Reason is required')
      .max(DEVELOPER_REASON_MAX_LENGTH, `no longer than ${DEVELOPER_REASON_MAX_LENGTH} chars`),
  }),
  z.object({
    status: z.literal('enabled'),
    reason: z.string().trim().max(DEVELOPER_REASON_MAX_LENGTH).optional(),
  }),
]);
export type UpdateDeveloperBody = z.infer<typeof updateDeveloperBodySchema>;

/** One append-only row per change of a developer's status. */
export const developerHistoryEntrySchema = z.object({
  id: z.string(),
  developerDid: z.string(),
  action: z.enum(['registered', 'revoked', 'enabled', 'left']),
  via: z.enum(DEVELOPER_REGISTRATION_VIAS).nullable(),
  reason: z.string().nullable(),
  /** Who made the change: an admin's DID, or the developer's own when they registered. */
  actorDid: z.string(),
  createdAt: timestampSchema,
});
export type DeveloperHistoryEntry = z.infer<typeof developerHistoryEntrySchema>;

/** An invitation is good for 7 days. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60;
export const INVITATION_NOTE_MAX_LENGTH = 500;

/** `expired` is read from `expiresAt`, never stored: a pending invitation past it is expired. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'cancelled', 'expired'] as const;
export const invitationStatusSchema = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

/** `POST /api/console/invitations`: invite a person by their sign-in email or their DID (one of them). */
export const createInvitationBodySchema = z
  .object({
    email: z.email().max(254).optional(),
    did: userDidSchema.optional(),
    note: z.string().trim().max(INVITATION_NOTE_MAX_LENGTH).optional(),
  })
  .refine((body) => (body.email === undefined) !== (body.did === undefined), {
    path: ['email'],
    message: 'Invite by email or by DID, one of them',
  });
export type CreateInvitationBody = z.infer<typeof createInvitationBodySchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  did: z.string().nullable(),
  note: z.string(),
  status: invitationStatusSchema,
  invitedBy: z.string(),
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
  acceptedAt: timestampSchema.nullable(),
  acceptedBy: z.string().nullable(),
  cancelledAt: timestampSchema.nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** The token is answered once, here; only its digest is kept. The admin hands it to the invitee. */
export const createInvitationResponseSchema = z.object({ invitation: invitationSchema, token: z.string() });
export type CreateInvitationResponse = z.infer<typeof createInvitationResponseSchema>;

export const listInvitationsQuerySchema = paginationQuerySchema.extend({
  status: unlessEmpty(invitationStatusSchema),
});

export const invitationIdSchema = z
  .string()
  .regex(/^sinv_[A-Za-z0-9]{1,64}$/, 'Expected an id starting with sinv_');

/** `POST /api/developer/invitations/accept`. */
export const acceptInvitationBodySchema = z.object({
  token: z.string({ error: 'Invitation token is required' }).trim().min(1).max(200),
});
export const acceptInvitationResponseSchema = z.object({ developer: storeDeveloperSchema });

// ---------------------------------------------------------------------------------------------
// Access tokens

/** What a token may do: upload bundles, publish versions, read the developer's own data. */
export const ACCESS_TOKEN_SCOPES = ['upload', 'publish', 'read'] as const;
export const accessTokenScopeSchema = z.enum(ACCESS_TOKEN_SCOPES);
export type AccessTokenScope = z.infer<typeof accessTokenScopeSchema>;

export const ACCESS_TOKEN_NAME_MAX_LENGTH = 50;
export const ACCESS_TOKEN_DEFAULT_DAYS = 90;
export const ACCESS_TOKEN_MAX_DAYS = 365;
/** Live (neither expired nor revoked) tokens one developer may hold at once. */
export const ACCESS_TOKENS_PER_DEVELOPER = 50;

/**
 * The token as the developer copies it: `bzr_` + 8-character public id + 32-character secret +
 * 6-character checksum, all base62. The checksum is the CRC32 of everything before it, so secret
 * scanners can spot a token and tell a real one from a typo without asking the Store.
 */
export const ACCESS_TOKEN_PREFIX = 'bzr_';
export const ACCESS_TOKEN_ID_LENGTH = 8;
export const ACCESS_TOKEN_SECRET_LENGTH = 32;
export const ACCESS_TOKEN_CHECKSUM_LENGTH = 6;
export const ACCESS_TOKEN_PATTERN = /^bzr_([0-9A-Za-z]{8})([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const CRC32_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE, as zlib computes it) of an ASCII text. */
function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = CRC32_TABLE[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The 6-character base62 checksum of a token's body (`bzr_` + id + secret). */
export function accessTokenChecksum(body: string): string {
  let value = crc32(body);
  let out = '';
  for (let i = 0; i < ACCESS_TOKEN_CHECKSUM_LENGTH; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/** `bzr_` + id + secret + checksum. */
export function formatAccessToken(id: string, secret: string): string {
  const body = `${ACCESS_TOKEN_PREFIX}${id}${secret}`;
  return body + accessTokenChecksum(body);
}

/** The parts of a well-formed token whose checksum matches, or null: no Store is asked. */
export function parseAccessToken(token: string): { id: string; secret: string } | null {
  const match = ACCESS_TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const [, id, secret, checksum] = match as unknown as [string, string, string, string];
  if (accessTokenChecksum(`${ACCESS_TOKEN_PREFIX}${id}${secret}`) !== checksum) return null;
  return { id, secret };
}

export const accessTokenIdSchema = z
  .string()
  .regex(/^[0-9A-Za-z]{8}$/, 'Expected the 8-character id of an access token');

export const createAccessTokenBodySchema = z.object({
  name: z
    .string({ error: 'Access Token Name is required' })
    .trim()
    .min(1, 'Access Token Name is required')
    .max(ACCESS_TOKEN_NAME_MAX_LENGTH, `no longer than ${ACCESS_TOKEN_NAME_MAX_LENGTH} chars`),
  scopes: z
    .array(accessTokenScopeSchema)
    .min(1, 'Choose at least one scope')
    .max(ACCESS_TOKEN_SCOPES.length)
    .transform((scopes) => ACCESS_TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
  expiresInDays: z.number().int().min(1).max(ACCESS_TOKEN_MAX_DAYS).default(ACCESS_TOKEN_DEFAULT_DAYS),
});
export type CreateAccessTokenBody = z.input<typeof createAccessTokenBodySchema>;

/** A token as its owner sees it in the list: never its secret. */
export const accessTokenSchema = z.object({
  id: accessTokenIdSchema,
  name: z.string(),
  scopes: z.array(accessTokenScopeSchema),
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
  lastUsedAt: timestampSchema.nullable(),
  revokedAt: timestampSchema.nullable(),
  isExpired: z.boolean(),
  isRevoked: z.boolean(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** `POST /api/developer/access-tokens`: `token` is shown this once and can never be read again. */
export const createAccessTokenResponseSchema = z.object({
  accessToken: accessTokenSchema,
  token: z.string().regex(ACCESS_TOKEN_PATTERN),
});
export type CreateAccessTokenResponse = z.infer<typeof createAccessTokenResponseSchema>;

/** `DELETE /api/developer/access-tokens/{id}`: the token's name, typed to confirm. */
export const deleteAccessTokenBodySchema = z.object({
  confirmName: z.string({ error: 'Type the token name to confirm' }).max(200),
});

/** `GET /api/cli/whoami` (bearer token, `read` scope): whom the CLI's token speaks for. */
export const accessTokenWhoamiSchema = z.object({
  developer: storeDeveloperSchema,
  tokenId: accessTokenIdSchema,
  scopes: z.array(accessTokenScopeSchema),
});

// ---------------------------------------------------------------------------------------------
// Categories

export const CATEGORY_NAME_MAX_LENGTH = 40;

/** Letters (any script), digits and single spaces; surrounding and repeated spaces are dropped. */
const categoryNameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .transform((name) => name.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(1, `${label} is required`)
        .max(CATEGORY_NAME_MAX_LENGTH, `no longer than ${CATEGORY_NAME_MAX_LENGTH} chars`)
        .regex(/^[\p{L}\p{N} ]+$/u, 'Only letters, digits and spaces'),
    );

export const storeCategorySchema = z.object({
  id: z.string(),
  name: z.object({ en: z.string(), zh: z.string() }),
});
export type StoreCategory = z.infer<typeof storeCategorySchema>;

/** `POST /api/console/categories` and `PUT …/{id}`: both names, each unique among categories. */
export const categoryBodySchema = z.object({
  name: z.object({ en: categoryNameSchema('English name'), zh: categoryNameSchema('Chinese name') }),
});
export type CategoryBody = z.input<typeof categoryBodySchema>;

export const categoryIdSchema = z.string().regex(/^[a-z0-9-]{1,80}$/, 'Expected a category id');

export const categoryListSchema = z.object({
  list: z.array(storeCategorySchema),
  count: z.number().int().nonnegative(),
});

// ---------------------------------------------------------------------------------------------
// Apps, their versions and their review

/**
 * A version's review status. Upload makes a `draft`; the developer asks for review (`pending`);
 * an admin starts it (`inReview`) and approves or rejects it; an approved version (or a draft
 * that needs no review) is `published`. `rejected` and `cancelled` are final: a new upload with
 * a higher version is the way on.
 */
export const APP_VERSION_STATUSES = [
  'draft',
  'pending',
  'inReview',
  'approved',
  'rejected',
  'cancelled',
  'published',
] as const;
export const appVersionStatusSchema = z.enum(APP_VERSION_STATUSES);
export type AppVersionStatus = z.infer<typeof appVersionStatusSchema>;

/** A private app is left out of the public catalogue; its developer and admins still see it. */
export const APP_VISIBILITIES = ['public', 'private'] as const;
export const appVisibilitySchema = z.enum(APP_VISIBILITIES);
export type AppVisibility = z.infer<typeof appVisibilitySchema>;

/** An app's DID as a path parameter: the `did:key` of its Ed25519 key (`did:key:z6Mk…`, 56 characters). */
export const appDidParamSchema = z
  .string()
  .regex(/^did:key:z6Mk[1-9A-HJ-NP-Za-km-z]{44}$/, 'Expected an app DID: did:key:z6Mk…');

/** A version as a path parameter or body field: a strict semantic version (`1.2.3`, `1.0.0-beta.1`). */
export const appVersionParamSchema = z
  .string()
  .max(64)
  .regex(
    /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/,
    'Expected a semantic version such as 1.2.3',
  );

/** How an app's page shows who tipped it, as its developer chose: avatars, or a table with amounts. */
export const APP_SUPPORTERS_VIEWS = ['avatar', 'table'] as const;
export const appSupportersViewSchema = z.enum(APP_SUPPORTERS_VIEWS);

/** An app as its developer and Store admins see it. Title, description and logo are the latest upload's. */
export const storeAppSchema = z.object({
  did: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  /** The logo's path inside the bundle, when the manifest names one. */
  logo: z.string().nullable(),
  ownerDid: z.string(),
  /** Set by the admin who approves a version; null until then. */
  category: z.string().nullable(),
  visibility: appVisibilitySchema,
  autoPublish: z.boolean(),
  supportersView: appSupportersViewSchema,
  reviewType: storeReviewTypeSchema,
  isBlocked: z.boolean(),
  blockedAt: timestampSchema.nullable(),
  blockedReason: z.string().nullable(),
  /** The published version, if any. */
  currentVersion: z.string().nullable(),
  /** The latest uploaded version. */
  latestVersion: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type StoreApp = z.infer<typeof storeAppSchema>;

/** A version in lists: its status and bundle, without its manifest. */
export const appVersionSummarySchema = z.object({
  appDid: z.string(),
  version: z.string(),
  status: appVersionStatusSchema,
  /** The tarball's `sha512-<base64>`. */
  integrity: z.string(),
  /** The tarball's size in bytes. */
  size: z.number().int().nonnegative(),
  uploadedAt: timestampSchema,
  statusChangedAt: timestampSchema,
  publishedAt: timestampSchema.nullable(),
});
export type AppVersionSummary = z.infer<typeof appVersionSummarySchema>;

/** A version with its signed manifest, less the manifest's file list (counted in `fileCount`). */
export const storeAppVersionSchema = appVersionSummarySchema.extend({
  manifest: z.record(z.string(), z.unknown()),
  fileCount: z.number().int().nonnegative(),
});
export type StoreAppVersion = z.infer<typeof storeAppVersionSchema>;

/** Who moved a version: its developer, a Store admin, or the Store itself (auto-publish). */
export const APP_ACTOR_KINDS = ['developer', 'admin', 'system'] as const;
export const appActorKindSchema = z.enum(APP_ACTOR_KINDS);
export type AppActorKind = z.infer<typeof appActorKindSchema>;

/** One append-only row per status change; the upload is the change from nothing (`fromStatus` null) to draft. */
export const appVersionHistoryEntrySchema = z.object({
  id: z.string(),
  appDid: z.string(),
  version: z.string(),
  fromStatus: appVersionStatusSchema.nullable(),
  toStatus: appVersionStatusSchema,
  /** Null when the Store acted itself. */
  actorDid: z.string().nullable(),
  actorKind: appActorKindSchema,
  reason: z.string().nullable(),
  createdAt: timestampSchema,
});
export type AppVersionHistoryEntry = z.infer<typeof appVersionHistoryEntrySchema>;

export const APP_COMMENT_MAX_LENGTH = 4_000;

/** A comment on a version's review thread, which only the app's developer and Store admins see. */
export const appCommentSchema = z.object({
  id: z.string(),
  appDid: z.string(),
  version: z.string(),
  authorDid: z.string(),
  authorKind: z.enum(['developer', 'admin']),
  body: z.string(),
  createdAt: timestampSchema,
});
export type AppComment = z.infer<typeof appCommentSchema>;

/**
 * `POST /api/apps/upload` (bearer token, `upload` scope; multipart, one file field `bundle`):
 * `published` says auto-publish published the version at once.
 */
export const uploadAppResponseSchema = z.object({
  app: storeAppSchema,
  version: storeAppVersionSchema,
  published: z.boolean(),
});
export type UploadAppResponse = z.infer<typeof uploadAppResponseSchema>;

/** An app in the developer's and the console's lists, with its latest version and how long that waits for review. */
export const appListItemSchema = z.object({
  app: storeAppSchema,
  latestVersion: appVersionSummarySchema.nullable(),
  /** Seconds since the latest version became pending or in review; null in any other status. */
  waitingSeconds: z.number().int().nonnegative().nullable(),
});
export type AppListItem = z.infer<typeof appListItemSchema>;

/** `GET /api/developer/apps/{did}` and `GET /api/console/apps/{did}`: versions newest first, history and comments oldest first. */
export const appDetailSchema = z.object({
  app: storeAppSchema,
  versions: z.array(storeAppVersionSchema),
  history: z.array(appVersionHistoryEntrySchema),
  comments: z.array(appCommentSchema),
});
export type AppDetail = z.infer<typeof appDetailSchema>;

/** `GET /api/apps/{did}/versions` (bearer token, `read` scope), for `bazaar status`. */
export const appVersionsResponseSchema = z.object({
  app: storeAppSchema,
  versions: z.array(storeAppVersionSchema),
  history: z.array(appVersionHistoryEntrySchema),
});
export type AppVersionsResponse = z.infer<typeof appVersionsResponseSchema>;

/** What a developer does to a version of their app. */
export const DEVELOPER_VERSION_ACTIONS = ['requestReview', 'cancelReview', 'publish'] as const;
export const developerVersionActionSchema = z.enum(DEVELOPER_VERSION_ACTIONS);
export type DeveloperVersionAction = z.infer<typeof developerVersionActionSchema>;

/** `PUT /api/developer/apps/{did}/versions/{version}`. */
export const developerVersionActionBodySchema = z.object({ action: developerVersionActionSchema });

/** A version's answer to an action: the version, its app, and whether it is now published. */
export const appVersionActionResponseSchema = z.object({
  app: storeAppSchema,
  version: storeAppVersionSchema,
  published: z.boolean(),
});
export type AppVersionActionResponse = z.infer<typeof appVersionActionResponseSchema>;

/** `PUT /api/developer/apps/{did}`: the fields to change; those left out keep their value. */
export const updateAppBodySchema = z
  .object({
    visibility: appVisibilitySchema.optional(),
    autoPublish: z.boolean().optional(),
    supportersView: appSupportersViewSchema.optional(),
  })
  .strict();
export type UpdateAppBody = z.infer<typeof updateAppBodySchema>;

/** `POST …/versions/{version}/comments`. */
export const appCommentBodySchema = z.object({
  body: z
    .string({ error: 'Comment is required' })
    .trim()
    .min(1, 'Comment is required')
    .max(APP_COMMENT_MAX_LENGTH, `no longer than ${APP_COMMENT_MAX_LENGTH} chars`),
});

export const APP_REJECT_REASON_MAX_LENGTH = 1_000;
export const APP_BLOCK_REASON_MAX_LENGTH = 255;

const requiredReason = (max: number) =>
  z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(max, `no longer than ${max} chars`);

/**
 * `PUT /api/console/apps/{did}/review`: start reviewing a pending version; approve one in review
 * into a category (optionally setting how the app is reviewed from now on); or reject it with a
 * reason, which is final.
 */
export const reviewAppBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('start'), version: appVersionParamSchema }),
  z.object({
    action: z.literal('approve'),
    version: appVersionParamSchema,
    category: z.string({ error: 'Category is required' }).trim().min(1, 'Category is required').max(80),
    reviewType: storeReviewTypeSchema.optional(),
  }),
  z.object({
    action: z.literal('reject'),
    version: appVersionParamSchema,
    reason: requiredReason(APP_REJECT_REASON_MAX_LENGTH),
  }),
]);
export type ReviewAppBody = z.infer<typeof reviewAppBodySchema>;

/**
 * `PUT /api/console/apps/{did}/block`: the reason is shown to the developer. `slashStake` keeps
 * the stake of the app's developer: the Store holds on to it and revokes them.
 */
export const blockAppBodySchema = z.object({
  reason: requiredReason(APP_BLOCK_REASON_MAX_LENGTH),
  slashStake: z.boolean().default(false),
});
export type BlockAppBody = z.input<typeof blockAppBodySchema>;

/** `GET /api/console/apps`: the review queue (pending and in review first, longest waiting first). */
export const listConsoleAppsQuerySchema = paginationQuerySchema.extend({
  /** The latest version's status. */
  status: unlessEmpty(appVersionStatusSchema),
});

// ---------------------------------------------------------------------------------------------
// Connecting the CLI (or the studio)
//
// The CLI makes a fresh X25519 key pair and opens a connect session with its public key; a
// signed-in developer approves it on `/connect-cli`; the Store then issues an access token and
// seals it to the CLI's key, and hands the sealed token once to the poll that carries the
// session's poll secret. Neither the token nor the poll secret is ever kept in clear.

/** Who asks to connect: the `bazaar` CLI (`/connect-cli`) or the studio (`/connect-studio`). */
export const CLI_CONNECT_CLIENTS = ['cli', 'studio'] as const;
export const cliConnectClientSchema = z.enum(CLI_CONNECT_CLIENTS);
export type CliConnectClient = z.infer<typeof cliConnectClientSchema>;

/** The page a person approves a session of each client on (relative to the Store's mount). */
export const CLI_CONNECT_PAGES: Record<CliConnectClient, string> = {
  cli: '/connect-cli',
  studio: '/connect-studio',
};

/** A connect session lives 10 minutes; the CLI polls it every 2 seconds. */
export const CLI_CONNECT_TTL_SECONDS = 10 * 60;
export const CLI_CONNECT_POLL_INTERVAL_MS = 2_000;
export const CLI_CONNECT_HOSTNAME_MAX_LENGTH = 64;

/** Sealing: X25519, then HKDF-SHA256 (salt: the session id, this info), then AES-256-GCM. */
export const CLI_CONNECT_HKDF_INFO = 'bazaar-cli-connect-v1';

export const CLI_CONNECT_SESSION_ID_PREFIX = 'ccs_';
export const cliConnectSessionIdSchema = z
  .string()
  .regex(/^ccs_[A-Za-z0-9]{24}$/, 'Expected a connect session id (ccs_…)');

/** Bytes in unpadded base64url: 32 bytes are 43 characters, 12 are 16. */
const base64urlBytes = (bytes: number, what: string) =>
  z
    .string()
    .length(Math.ceil((bytes * 4) / 3), `${what} is ${bytes} bytes in unpadded base64url`)
    .regex(/^[A-Za-z0-9_-]+$/, `${what} is ${bytes} bytes in unpadded base64url`);

/** An X25519 public key: 32 bytes in unpadded base64url. */
export const x25519PublicKeySchema = base64urlBytes(32, 'An X25519 public key');

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** `POST /api/cli/connect` (no sign-in): the CLI's fresh public key, and how to call it on the page. */
export const createCliConnectBodySchema = z.object({
  publicKey: x25519PublicKeySchema,
  client: cliConnectClientSchema.default('cli'),
  /** The machine's name, shown on the approval page and in the token's name. */
  hostname: z
    .string()
    .trim()
    .min(1)
    .max(CLI_CONNECT_HOSTNAME_MAX_LENGTH, `no longer than ${CLI_CONNECT_HOSTNAME_MAX_LENGTH} chars`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'No control characters')
    .optional(),
});
export type CreateCliConnectBody = z.input<typeof createCliConnectBodySchema>;

/** Eight letters and digits a person compares between the terminal and the page (`K7QM-3XWD`). */
export const cliConnectVerificationCodeSchema = z.string().regex(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);

export const createCliConnectResponseSchema = z.object({
  id: cliConnectSessionIdSchema,
  /** Relative to the Store's address: `/connect-cli?session=ccs_…`. */
  approveUrl: z.string(),
  /** Shown once, to the CLI: each poll carries it. Only its digest is kept. */
  pollSecret: z.string(),
  verificationCode: cliConnectVerificationCodeSchema,
  expiresAt: timestampSchema,
});
export type CreateCliConnectResponse = z.infer<typeof createCliConnectResponseSchema>;

/** `GET /api/cli/connect/{id}?secret=…` */
export const cliConnectPollQuerySchema = z.object({ secret: z.string().min(1).max(200) });

/** The access token sealed to the CLI's key; `ciphertext` ends with the 16-byte GCM tag. */
export const cliConnectSealedSchema = z.object({
  ephemeralPublicKey: x25519PublicKeySchema,
  nonce: base64urlBytes(12, 'The nonce'),
  ciphertext: z.string().regex(/^[A-Za-z0-9_-]+$/),
});
export type CliConnectSealed = z.infer<typeof cliConnectSealedSchema>;

/** What the sealed box holds. */
export const cliConnectPayloadSchema = z.object({
  token: z.string().regex(ACCESS_TOKEN_PATTERN),
  developer: z.object({ did: z.string(), username: z.string() }),
});
export type CliConnectPayload = z.infer<typeof cliConnectPayloadSchema>;

/**
 * The poll's answer. `approved` comes once, with the sealed token and the Store's `store.json`;
 * the session is then spent, and polling it again is CONNECT_SESSION_INVALID.
 */
export const cliConnectPollResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('denied') }),
  z.object({ status: z.literal('expired') }),
  z.object({ status: z.literal('approved'), sealed: cliConnectSealedSchema, store: storeInfoSchema }),
]);
export type CliConnectPollResponse = z.infer<typeof cliConnectPollResponseSchema>;

/** A session as the approval page shows it. */
export const CLI_CONNECT_SESSION_STATUSES = ['pending', 'approved', 'denied'] as const;
export const cliConnectSessionStatusSchema = z.enum(CLI_CONNECT_SESSION_STATUSES);

/** `GET /api/cli/connect/{id}/info` (signed in): the session, and the viewer's developer record. */
export const cliConnectInfoSchema = z.object({
  id: cliConnectSessionIdSchema,
  client: cliConnectClientSchema,
  hostname: z.string().nullable(),
  verificationCode: cliConnectVerificationCodeSchema,
  status: cliConnectSessionStatusSchema,
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
  /** The signed-in user's Store developer record: only an enabled developer may approve. */
  developer: storeDeveloperSchema.nullable(),
});
export type CliConnectInfo = z.infer<typeof cliConnectInfoSchema>;

/** `POST /api/cli/connect/{id}/approve` and `…/deny` (an enabled developer, signed in). */
export const cliConnectDecisionResponseSchema = z.object({
  status: z.enum(['approved', 'denied']),
  /** On approval: the name of the access token issued (`CLI on ann-laptop`). */
  tokenName: z.string().nullable(),
});
export type CliConnectDecisionResponse = z.infer<typeof cliConnectDecisionResponseSchema>;
