import type { Role } from '@bazaar/schemas';
import { deleteInBatches, insertRows, isUniqueViolation } from '@bazaar/server-kit';
import { sql, type Kysely } from 'kysely';

export interface UserRow {
  did: string;
  name: string;
  email: string | null;
  wallet_address: string | null;
  role: Role;
  avatar: string | null;
  created_at: number;
  last_login_at: number;
}

export interface UserServiceTables {
  platform_settings: { key: string; value: string };
  platform_users: UserRow;
  platform_sessions: { token_hash: string; user_did: string; created_at: number; expires_at: number };
  platform_nonces: { nonce: string; expires_at: number };
  platform_email_codes: {
    email: string;
    code_hash: string;
    attempts: number;
    created_at: number;
    expires_at: number;
  };
  platform_rate_counters: { key: string; count: number; expires_at: number };
  platform_user_avatars: AvatarRow;
}

/** An uploaded avatar: the normalised picture's bytes and the version its URL carries. */
export interface AvatarRow {
  did: string;
  image: Buffer;
  version: string;
  updated_at: number;
}

export type UserServiceDb = Kysely<UserServiceTables>;

/** Stores `value` under `key` unless one is there already, and returns the one that is. */
export async function ensureSetting(db: UserServiceDb, key: string, value: string): Promise<string> {
  await db
    .insertInto('platform_settings')
    .values({ key, value })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('platform_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return row.value;
}

export async function findSetting(db: UserServiceDb, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('platform_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

/** Stores `value` under `key`, replacing what was there. */
export async function saveSetting(db: UserServiceDb, key: string, value: string): Promise<void> {
  await db
    .insertInto('platform_settings')
    .values({ key, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
    .execute();
}

/** Deletes `key` while it still holds `value`; true for exactly one caller, so a secret is spent once. */
export async function deleteSettingIfValue(db: UserServiceDb, key: string, value: string): Promise<boolean> {
  const result = await db
    .deleteFrom('platform_settings')
    .where('key', '=', key)
    .where('value', '=', value)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** True for exactly one caller per key, however many race for it. */
export async function claimSetting(db: UserServiceDb, key: string, value: string): Promise<boolean> {
  const result = await db
    .insertInto('platform_settings')
    .values({ key, value })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export function findUserByDid(db: UserServiceDb, did: string): Promise<UserRow | undefined> {
  return db.selectFrom('platform_users').selectAll().where('did', '=', did).executeTakeFirst();
}

export function findUserByEmail(db: UserServiceDb, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('platform_users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserByWallet(db: UserServiceDb, address: string): Promise<UserRow | undefined> {
  return db.selectFrom('platform_users').selectAll().where('wallet_address', '=', address).executeTakeFirst();
}

/** Inserts the user unless the did, email or wallet is taken; true when it was inserted. */
export async function insertUser(db: UserServiceDb, user: UserRow): Promise<boolean> {
  const result = await db
    .insertInto('platform_users')
    .values(user)
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export type WalletBinding = 'bound' | 'user_has_wallet' | 'wallet_in_use';

/**
 * Gives a user without a wallet this address: `user_has_wallet` when the user already has one
 * (or does not exist), `wallet_in_use` when the unique index says another user holds it.
 */
export async function setWalletIfUnset(
  db: UserServiceDb,
  did: string,
  address: string,
): Promise<WalletBinding> {
  try {
    const result = await db
      .updateTable('platform_users')
      .set({ wallet_address: address })
      .where('did', '=', did)
      .where('wallet_address', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? 'bound' : 'user_has_wallet';
  } catch (error) {
    if (isUniqueViolation(error)) return 'wallet_in_use';
    throw error;
  }
}

/** Renames the user; answers the user as it now reads, or undefined when there is no such user. */
export function setUserName(db: UserServiceDb, did: string, name: string): Promise<UserRow | undefined> {
  return db
    .updateTable('platform_users')
    .set({ name })
    .where('did', '=', did)
    .returningAll()
    .executeTakeFirst();
}

/** Points the user at an avatar version (null: none); answers the user as it now reads. */
export function setUserAvatarVersion(
  db: UserServiceDb,
  did: string,
  version: string | null,
): Promise<UserRow | undefined> {
  return db
    .updateTable('platform_users')
    .set({ avatar: version })
    .where('did', '=', did)
    .returningAll()
    .executeTakeFirst();
}

export async function saveAvatarImage(db: UserServiceDb, avatar: AvatarRow): Promise<void> {
  await db
    .insertInto('platform_user_avatars')
    .values(avatar)
    .onConflict((conflict) =>
      conflict.column('did').doUpdateSet({
        image: avatar.image,
        version: avatar.version,
        updated_at: avatar.updated_at,
      }),
    )
    .execute();
}

export function findAvatarImage(db: UserServiceDb, did: string): Promise<AvatarRow | undefined> {
  return db.selectFrom('platform_user_avatars').selectAll().where('did', '=', did).executeTakeFirst();
}

export async function deleteAvatarImage(db: UserServiceDb, did: string): Promise<void> {
  await db.deleteFrom('platform_user_avatars').where('did', '=', did).execute();
}

export async function setUserRole(db: UserServiceDb, did: string, role: Role): Promise<void> {
  await db.updateTable('platform_users').set({ role }).where('did', '=', did).execute();
}

export async function touchLastLogin(db: UserServiceDb, did: string, now: number): Promise<void> {
  await db.updateTable('platform_users').set({ last_login_at: now }).where('did', '=', did).execute();
}

export async function insertSession(
  db: UserServiceDb,
  session: UserServiceTables['platform_sessions'],
): Promise<void> {
  await insertRows(db, 'platform_sessions', [session]);
}

/** The user of a live session, with when the session ends. */
export function findSessionUser(
  db: UserServiceDb,
  tokenHash: string,
  now: number,
): Promise<(UserRow & { session_expires_at: number }) | undefined> {
  return db
    .selectFrom('platform_sessions')
    .innerJoin('platform_users', 'platform_users.did', 'platform_sessions.user_did')
    .selectAll('platform_users')
    .select('platform_sessions.expires_at as session_expires_at')
    .where('platform_sessions.token_hash', '=', tokenHash)
    .where('platform_sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteSession(db: UserServiceDb, tokenHash: string): Promise<void> {
  await db.deleteFrom('platform_sessions').where('token_hash', '=', tokenHash).execute();
}

export async function insertNonce(db: UserServiceDb, nonce: string, expiresAt: number): Promise<void> {
  await insertRows(db, 'platform_nonces', [{ nonce, expires_at: expiresAt }]);
}

/** Deletes a live nonce; true for exactly one caller, so a nonce signs in at most once. */
export async function consumeNonce(db: UserServiceDb, nonce: string, now: number): Promise<boolean> {
  const result = await db
    .deleteFrom('platform_nonces')
    .where('nonce', '=', nonce)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function findEmailCode(db: UserServiceDb, email: string) {
  return db.selectFrom('platform_email_codes').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function saveEmailCode(
  db: UserServiceDb,
  code: UserServiceTables['platform_email_codes'],
): Promise<void> {
  await db
    .insertInto('platform_email_codes')
    .values(code)
    .onConflict((conflict) =>
      conflict.column('email').doUpdateSet({
        code_hash: code.code_hash,
        attempts: code.attempts,
        created_at: code.created_at,
        expires_at: code.expires_at,
      }),
    )
    .execute();
}

/**
 * Counts one try against a live code in a single statement, so concurrent guesses cannot
 * exceed `maxAttempts`; false when the code is missing, expired or used up.
 */
export async function spendEmailCodeAttempt(
  db: UserServiceDb,
  email: string,
  now: number,
  maxAttempts: number,
): Promise<boolean> {
  const result = await db
    .updateTable('platform_email_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('email', '=', email)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the code when it matches; true for exactly one caller, so a code signs in once. */
export async function consumeEmailCode(db: UserServiceDb, email: string, codeHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('platform_email_codes')
    .where('email', '=', email)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Counts one event under `key` and returns the count within the current window, in one
 * statement, so concurrent requests on any node cannot slip past a limit together. The window
 * opens at the first event and lasts `windowSeconds`; the first event after it opens a new one.
 */
export async function countRateEvent(
  db: UserServiceDb,
  input: { key: string; windowSeconds: number; now: number },
): Promise<number> {
  const hasExpired = sql<boolean>`platform_rate_counters.expires_at <= ${input.now}`;
  const row = await db
    .insertInto('platform_rate_counters')
    .values({ key: input.key, count: 1, expires_at: input.now + input.windowSeconds })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => ({
        count: sql<number>`case when ${hasExpired} then 1 else ${eb.ref('platform_rate_counters.count')} + 1 end`,
        expires_at: sql<number>`case when ${hasExpired} then ${eb.ref('excluded.expires_at')} else ${eb.ref('platform_rate_counters.expires_at')} end`,
      })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteRateCounter(db: UserServiceDb, key: string): Promise<void> {
  await db.deleteFrom('platform_rate_counters').where('key', '=', key).execute();
}

/** The tables whose rows carry an `expires_at` (indexed) after which nothing reads them. */
const EXPIRING_TABLE_KEYS = {
  platform_nonces: 'nonce',
  platform_sessions: 'token_hash',
  platform_email_codes: 'email',
  platform_rate_counters: 'key',
} as const;

export type ExpiringTable = keyof typeof EXPIRING_TABLE_KEYS;
export const EXPIRING_TABLES = Object.keys(EXPIRING_TABLE_KEYS) as ExpiringTable[];

/** Deletes the table's rows expired by `now`, `batchSize` a statement; returns how many. */
export function deleteExpiredRows(
  db: UserServiceDb,
  table: ExpiringTable,
  input: { now: number; batchSize: number },
): Promise<number> {
  const key = sql.ref(EXPIRING_TABLE_KEYS[table]);
  return deleteInBatches(input.batchSize, async (limit) => {
    const result = await db
      .deleteFrom(table)
      .where(
        key,
        'in',
        db.selectFrom(table).select(key.as('key')).where('expires_at', '<=', input.now).limit(limit),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
