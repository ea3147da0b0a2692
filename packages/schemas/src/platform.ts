import { z } from 'zod';
import { localeSchema, unlessEmpty } from './common.ts';
import { relayEventSchema } from './events.ts';

/** Fixed component ids; clients find a component's mount point by its id in the registry. */
export const COMPONENT_IDS = {
  paymentKit: 'did:bazaar:payment-kit',
  store: 'did:bazaar:store',
} as const;

export const componentSchema = z.object({
  did: z.string(),
  name: z.string(),
  mountPoint: z.string(),
});
export type Component = z.infer<typeof componentSchema>;

/**
 * Where the pages' error reporter sends what breaks (`SENTRY_DSN`, `SENTRY_SAMPLE_RATE`): a
 * Sentry DSN, public by design (it names a project and its public key, never a secret), and
 * the share of errors sent, from 0 to 1.
 */
export const errorReportingSchema = z.object({
  dsn: z.string(),
  sampleRate: z.number().min(0).max(1),
});
export type ErrorReporting = z.infer<typeof errorReportingSchema>;

export const registrySchema = z.object({
  appId: z.string(),
  appName: z.string(),
  /** Whether the platform runs on real money; its apps show and take test-mode data otherwise. */
  livemode: z.boolean(),
  components: z.array(componentSchema),
  /** Null (or absent) when the operator configured no DSN: pages then load no reporter and send nothing. */
  errorReporting: errorReportingSchema.nullable().optional(),
});
export type Registry = z.infer<typeof registrySchema>;

/** Where the platform publishes its registry; pages get it inlined as `window.__PLATFORM__` too. */
export const REGISTRY_PATH = '/__platform.json';

/** The relay channel that carries an app's events: `relay:{appId}:events`. */
export function eventsChannel(appId: string): string {
  return `relay:${appId}:events`;
}

export const RELAY_HEARTBEAT_MS = 30_000;

export const ROLES = ['owner', 'admin', 'developer', 'member'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const passportSchema = z.object({ role: roleSchema, name: z.string() });

export const sessionUserSchema = z.object({
  did: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  walletAddress: z.string().nullable(),
  avatar: z.string(),
  role: roleSchema,
  passports: z.array(passportSchema),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Who may administer the Payment Kit (its settings, catalogue, refunds): owners, admins and platform developers. */
export const PAYMENT_ADMIN_ROLES: readonly Role[] = ['owner', 'admin', 'developer'];

/** True for a user holding a passport of one of `PAYMENT_ADMIN_ROLES`. */
export function isPaymentAdmin(user: Pick<SessionUser, 'passports'>): boolean {
  return user.passports.some((passport) => PAYMENT_ADMIN_ROLES.includes(passport.role));
}

/** A wallet address as people read it: `0x1234…abcd`. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** Bodies and answers of the user service at `/.well-known/service/user`. */
export const USER_SERVICE_PATH = '/.well-known/service/user';
/** The page where, in live mode, the operator presents the setup code printed at start to become owner. */
export const OWNER_SETUP_PAGE = `${USER_SERVICE_PATH}/setup`;
export const RELAY_PATH = '/.well-known/service/relay';

export const nonceResponseSchema = z.object({ nonce: z.string() });
export const walletSignInBodySchema = z.object({
  message: z.string().min(1).max(4_096),
  signature: z.string().regex(/^0x[0-9a-fA-F]+$/),
});
export const emailStartBodySchema = z.object({ email: z.email().max(254), locale: localeSchema.optional() });
export const emailVerifyBodySchema = z.object({
  email: z.email().max(254),
  code: z.string().regex(/^\d{6}$/),
});
/** `POST /wallet`: a signed-in user binds the wallet that signed this EIP-4361 message. */
export const bindWalletBodySchema = walletSignInBodySchema;
export const bindWalletResponseSchema = z.object({ user: sessionUserSchema });
export type BindWalletResponse = z.infer<typeof bindWalletResponseSchema>;

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() });
export const signedInResponseSchema = z.object({ user: sessionUserSchema });
/** `POST /setup` (live mode): a signed-in user presents the code printed at start to become the owner. */
export const ownerSetupBodySchema = z.object({ code: z.string().trim().min(1).max(100) });

export const FULL_NAME_MAX_LENGTH = 60;
/** `PUT /profile`: the signed-in user renames themself; answers `{ user }`. */
export const updateProfileBodySchema = z.object({
  fullName: z.string().trim().min(1).max(FULL_NAME_MAX_LENGTH),
});
/** What `PUT /profile`, `PUT /avatar` and `DELETE /avatar` answer: the user as a session now reads. */
export const profileResponseSchema = z.object({ user: sessionUserSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** The largest picture `PUT /avatar` takes (2 MB), counted in the file's own bytes, not its base64. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The picture kinds an avatar may be uploaded as; anything else is refused after decoding. */
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/**
 * The error codes `PUT /avatar` refuses a picture with: `AVATAR_TOO_LARGE` (413) past
 * AVATAR_MAX_BYTES, `AVATAR_INVALID` (400) for anything that is not a data URL of one of
 * AVATAR_CONTENT_TYPES or does not decode as one (whatever it was labelled).
 */
export const avatarRefusalSchema = z.enum(['AVATAR_TOO_LARGE', 'AVATAR_INVALID']);
export type AvatarRefusal = z.infer<typeof avatarRefusalSchema>;

/**
 * `PUT /avatar`: the picture as a base64 data URL (`data:image/png;base64,…`, what a browser's
 * `FileReader.readAsDataURL` gives). A JSON body, because the platform refuses every other body
 * type from a page signed in by cookie (the cross-site form-post guard).
 */
export const updateAvatarBodySchema = z.object({ image: z.string() });
export type UpdateAvatarBody = z.infer<typeof updateAvatarBodySchema>;

/** How many secrets one relay socket may present, and how long each may be. */
export const RELAY_MAX_SECRETS = 10;
export const RELAY_SECRET_MAX_LENGTH = 200;

/**
 * The relay's websocket protocol (JSON text frames). The client subscribes to its app's events
 * channel and answers nothing else; the server pushes events, a heartbeat every
 * RELAY_HEARTBEAT_MS, and an error for anything it cannot take. A socket hears only the events
 * of what its holder may see: the signed-in user's own (by the session cookie of a trusted
 * page), everything for the roles an event names, and the objects whose client secret it
 * presents in `secrets` (a guest's checkout session).
 */
export const relayClientMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('subscribe'),
    channel: z.string(),
    secrets: z.array(z.string().min(1).max(RELAY_SECRET_MAX_LENGTH)).max(RELAY_MAX_SECRETS).optional(),
  }),
  z.object({ type: z.literal('unsubscribe'), channel: z.string() }),
  z.object({ type: z.literal('ping') }),
]);
export type RelayClientMessage = z.infer<typeof relayClientMessageSchema>;

export const relayServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribed'), channel: z.string() }),
  z.object({ type: z.literal('unsubscribed'), channel: z.string() }),
  z.object({ type: z.literal('event'), channel: z.string(), event: relayEventSchema }),
  z.object({ type: z.literal('heartbeat') }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type RelayServerMessage = z.infer<typeof relayServerMessageSchema>;

/**
 * The platform's own analytics, counted only with the visitor's consent: pages load
 * `${ANALYTICS_PATH}/script.js` once the consent cookie says `accepted`, push commands onto
 * `window.bazaarAnalytics` (`['pageview', path]`, `['event', name, path]`), and the script posts
 * them in batches to `${ANALYTICS_PATH}/pings`. Owners and admins read daily counts at
 * `${ANALYTICS_PATH}/counts`.
 */
export const ANALYTICS_PATH = '/.well-known/service/analytics';
/** The cookie holding the visitor's choice, `accepted` or `declined`; without `accepted` nothing is counted. */
export const CONSENT_COOKIE = 'bazaar_cookie_consent';
export const CONSENT_ACCEPTED = 'accepted';

/** Pings one request may carry; the script flushes its batch when it holds this many. */
export const ANALYTICS_MAX_PINGS = 20;
export const ANALYTICS_PATH_MAX_LENGTH = 512;
/** The widest range the counts answer, in days (a year, leap years included). */
export const ANALYTICS_MAX_RANGE_DAYS = 366;
/** The range the counts answer when none is asked for, in days up to today (UTC). */
export const ANALYTICS_DEFAULT_RANGE_DAYS = 30;
/** Rows one answer of the counts lists at most (busiest first within each day); `total` counts them all. */
export const ANALYTICS_MAX_ROWS = 1_000;
/** Who may read the counts. */
export const ANALYTICS_READER_ROLES: readonly Role[] = ['owner', 'admin'];

export const ANALYTICS_KINDS = ['pageview', 'event'] as const;
export const analyticsKindSchema = z.enum(ANALYTICS_KINDS);
export type AnalyticsKind = z.infer<typeof analyticsKindSchema>;

/** A page's path as the browser shows it (`/apps/42?tab=reviews`); the server drops the query and fragment. */
export const analyticsPagePathSchema = z
  .string()
  .max(ANALYTICS_PATH_MAX_LENGTH)
  .regex(/^\//, 'A path starts with /');
/** `language.change`, `checkout:submit`, `account_logout`. */
export const analyticsEventNameSchema = z
  .string()
  .regex(/^[a-z0-9_.:-]{1,64}$/i, 'Letters, digits and _ . : - only, at most 64');

export const analyticsPingSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pageview'), path: analyticsPagePathSchema }),
  z.object({ type: z.literal('event'), name: analyticsEventNameSchema, path: analyticsPagePathSchema }),
]);
export type AnalyticsPing = z.infer<typeof analyticsPingSchema>;

/** `POST ${ANALYTICS_PATH}/pings`: answered 204 whether counted or not (not without consent). */
export const analyticsPingsBodySchema = z.object({
  pings: z.array(analyticsPingSchema).min(1).max(ANALYTICS_MAX_PINGS),
});
export type AnalyticsPingsBody = z.infer<typeof analyticsPingsBodySchema>;

/** A UTC calendar day, `2027-01-15`. */
export const analyticsDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written YYYY-MM-DD')
  .refine((day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    // 2027-02-30 parses as 2 March: a real day reads back the same.
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  }, 'No such day');

/** `GET ${ANALYTICS_PATH}/counts?from=&to=&kind=&path=`: the last 30 days unless a range is given. */
export const analyticsCountsQuerySchema = z.object({
  from: unlessEmpty(analyticsDaySchema),
  to: unlessEmpty(analyticsDaySchema),
  kind: unlessEmpty(analyticsKindSchema),
  path: unlessEmpty(analyticsPagePathSchema),
});
export type AnalyticsCountsQuery = z.infer<typeof analyticsCountsQuerySchema>;

export const analyticsCountSchema = z.object({
  day: z.string(),
  kind: analyticsKindSchema,
  /** The event's name; empty for page views. */
  name: z.string(),
  path: z.string(),
  count: z.number().int().nonnegative(),
});
export type AnalyticsCount = z.infer<typeof analyticsCountSchema>;

/** Newest day first, busiest first within a day; `total` adds up the counts of every matching row. */
export const analyticsCountsResponseSchema = z.object({
  list: z.array(analyticsCountSchema),
  total: z.number().int().nonnegative(),
});
export type AnalyticsCountsResponse = z.infer<typeof analyticsCountsResponseSchema>;
