import { z } from 'zod';
import { localeSchema } from './common.ts';
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

export const registrySchema = z.object({
  appId: z.string(),
  appName: z.string(),
  /** Whether the platform runs on real money; its apps show and take test-mode data otherwise. */
  livemode: z.boolean(),
  components: z.array(componentSchema),
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
