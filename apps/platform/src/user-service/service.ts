import { randomToken, USER_SERVICE_PATH, type Role, type SessionUser } from '@bazaar/schemas';
import { AppError, readRevision, sha256Hex, type Clock } from '@bazaar/server-kit';
import type { Mailer } from './mailer.ts';
import { SESSION_REVISION } from './migrations.ts';
import {
  claimSetting,
  deleteSession,
  ensureSetting,
  findSessionUser,
  insertSession,
  insertUser,
  setUserRole,
  touchLastLogin,
  type UserRow,
  type UserServiceDb,
} from './repository.ts';

export interface UserServiceDeps {
  db: UserServiceDb;
  clock: Clock;
  mailer: Mailer;
  appName: string;
  /** The public origin (`https://shop.example`); wallet messages must name it. */
  publicUrl: string;
  /** In live mode the first user is a member; the owner is whoever presents the setup code. */
  livemode: boolean;
}

export const SESSION_LIFETIME_SECONDS = 30 * 24 * 3_600;
const COOKIE_SECRET_KEY = 'cookie_secret';
/** The settings row naming the owner; whoever inserts it first owns the platform. */
export const OWNER_CLAIM_KEY = 'owner_did';

/**
 * The cookie-signing secret, made once per install and kept in the database so every node
 * behind a load balancer signs and reads the same cookies.
 */
export function loadCookieSecret(db: UserServiceDb): Promise<string> {
  return ensureSetting(db, COOKIE_SECRET_KEY, randomToken(64));
}

/**
 * Where a user's avatar is served. An uploaded picture's version rides along as `?v=`, so the
 * address changes with the picture: browsers and the pages' headers never keep showing the
 * old one, and the versioned address may be cached for good.
 */
export function avatarUrl(did: string, version: string | null = null): string {
  const base = `${USER_SERVICE_PATH}/avatar/${did}`;
  return version ? `${base}?v=${encodeURIComponent(version)}` : base;
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    did: user.did,
    fullName: user.name,
    email: user.email,
    walletAddress: user.wallet_address,
    avatar: avatarUrl(user.did, user.avatar),
    role: user.role,
    passports: [{ role: user.role, name: user.role }],
  };
}

type NewUser = Pick<UserRow, 'did' | 'name' | 'email' | 'wallet_address'>;

/**
 * Creates a user; in test mode the first one of a fresh install becomes `owner` (in live mode
 * nobody does until the setup code is presented, so whoever reaches a new server first cannot
 * take it). The owner is claimed through a unique settings row in the same transaction, so two
 * first sign-ins racing on two nodes cannot both become owner. Returns undefined when the email
 * or wallet was taken meanwhile.
 */
export async function createUser(deps: UserServiceDeps, user: NewUser): Promise<UserRow | undefined> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const row: UserRow = { ...user, role: 'member', avatar: null, created_at: now, last_login_at: now };
    if (!(await insertUser(trx, row))) return undefined;
    const isOwner = !deps.livemode && (await claimSetting(trx, OWNER_CLAIM_KEY, user.did));
    const role: Role = isOwner ? 'owner' : 'member';
    if (role === 'owner') await setUserRole(trx, user.did, role);
    return { ...row, role };
  });
}

/** The user `find` finds, or a new one made from `user`; safe when two sign-ins race to create it. */
export async function findOrCreateUser(
  deps: UserServiceDeps,
  find: () => Promise<UserRow | undefined>,
  user: NewUser,
): Promise<UserRow> {
  const existing = await find();
  if (existing) return existing;
  const created = await createUser(deps, user);
  if (created) return created;
  // Another sign-in created this user between our lookup and our insert.
  const raced = await find();
  if (!raced) throw new AppError('INTERNAL', `User ${user.did} could not be created`);
  return raced;
}

export interface IssuedSession {
  token: string;
  user: SessionUser;
  expiresAt: number;
}

/** Only the token's hash is stored, so reading the sessions table does not let anyone sign in. */
export async function startSession(deps: UserServiceDeps, user: UserRow): Promise<IssuedSession> {
  const now = deps.clock.now();
  const token = randomToken(32);
  const expiresAt = now + SESSION_LIFETIME_SECONDS;
  await insertSession(deps.db, {
    token_hash: sha256Hex(token),
    user_did: user.did,
    created_at: now,
    expires_at: expiresAt,
  });
  await touchLastLogin(deps.db, user.did, now);
  return { token, user: toSessionUser({ ...user, last_login_at: now }), expiresAt };
}

/** Beyond this many signed-in users in memory the cache starts over. */
const MAX_CACHED_SESSIONS = 10_000;

/**
 * Answers the user of a session token, as every request with the cookie asks. Users are kept in
 * memory by token hash for as long as the session revision reads the same: triggers move it when
 * a session ends or a user's session-facing columns change (migration 0003), on any node, so a
 * sign-out or a role change holds at once everywhere. One small read per request instead of
 * the join.
 */
export function createSessionResolver(deps: Pick<UserServiceDeps, 'db' | 'clock'>) {
  let revision = -1;
  let users = new Map<string, { user: SessionUser; expiresAt: number }>();
  return async (token: string): Promise<SessionUser | null> => {
    const now = deps.clock.now();
    const current = await readRevision(deps.db, SESSION_REVISION);
    if (current > revision) {
      revision = current;
      users = new Map();
    }
    const tokenHash = sha256Hex(token);
    const cached = users.get(tokenHash);
    if (cached) return cached.expiresAt > now ? cached.user : null;
    const found = await findSessionUser(deps.db, tokenHash, now);
    if (!found) return null;
    const user = toSessionUser(found);
    // A read that saw an older revision than the cache keeps what it found to itself.
    if (current === revision) {
      if (users.size >= MAX_CACHED_SESSIONS) users.clear();
      users.set(tokenHash, { user, expiresAt: found.session_expires_at });
    }
    return user;
  };
}

export async function endSession(deps: UserServiceDeps, token: string): Promise<void> {
  await deleteSession(deps.db, sha256Hex(token));
}
