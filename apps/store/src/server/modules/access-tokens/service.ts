import {
  ACCESS_TOKEN_ID_LENGTH,
  ACCESS_TOKEN_SECRET_LENGTH,
  ACCESS_TOKENS_PER_DEVELOPER,
  accessTokenSchema,
  accessTokenScopeSchema,
  formatAccessToken,
  parseAccessToken,
  randomToken,
  type AccessToken,
  type AccessTokenScope,
  type createAccessTokenBodySchema,
} from '@bazaar/schemas';
import { AppError, notFound, sha256Hex } from '@bazaar/server-kit';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { StoreDeps } from '../../deps.ts';
import { requireEnabledDeveloper } from '../developers/index.ts';
import {
  countLiveAccessTokenRows,
  findAccessTokenRow,
  insertAccessTokenRowIfIdFree,
  listAccessTokenRows,
  markAccessTokenRevoked,
  touchAccessTokenRow,
  type AccessTokenRow,
} from './repository.ts';

const SECONDS_PER_DAY = 24 * 60 * 60;
/** How often a token's `last_used_at` is written at most. */
export const LAST_USED_RESOLUTION_SECONDS = 60;
/** A public id is 8 base62 characters (~47 bits); a clash is rare, and drawing again settles it. */
const ID_ATTEMPTS = 5;

const scopesSchema = z.array(accessTokenScopeSchema);

function toAccessToken(row: AccessTokenRow, now: number): AccessToken {
  return accessTokenSchema.parse({
    id: row.id,
    name: row.name,
    scopes: scopesSchema.parse(JSON.parse(row.scopes)),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    isExpired: row.expires_at <= now,
    isRevoked: row.revoked_at !== null,
  });
}

/**
 * Creates a token for a developer and answers its secret this once: only the sha256 of the
 * secret part is kept, so nobody (the Store included) can show it again. A developer holds at
 * most ACCESS_TOKENS_PER_DEVELOPER live tokens (TOKEN_LIMIT_REACHED).
 */
export async function createAccessToken(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { ownerDid: string; body: z.output<typeof createAccessTokenBodySchema> },
): Promise<{ accessToken: AccessToken; token: string }> {
  const now = deps.clock.now();
  if ((await countLiveAccessTokenRows(deps.db, input.ownerDid, now)) >= ACCESS_TOKENS_PER_DEVELOPER) {
    throw new AppError(
      'TOKEN_LIMIT_REACHED',
      `A developer holds at most ${ACCESS_TOKENS_PER_DEVELOPER} access tokens; delete one first`,
    );
  }
  const secret = randomToken(ACCESS_TOKEN_SECRET_LENGTH);
  for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
    const row: AccessTokenRow = {
      id: randomToken(ACCESS_TOKEN_ID_LENGTH),
      owner_did: input.ownerDid,
      name: input.body.name,
      scopes: JSON.stringify(input.body.scopes),
      secret_hash: sha256Hex(secret),
      created_at: now,
      expires_at: now + input.body.expiresInDays * SECONDS_PER_DAY,
      last_used_at: null,
      revoked_at: null,
    };
    if (await insertAccessTokenRowIfIdFree(deps.db, row)) {
      return { accessToken: toAccessToken(row, now), token: formatAccessToken(row.id, secret) };
    }
  }
  throw new Error(`No free access token id after ${ID_ATTEMPTS} draws`);
}

/** The owner's tokens, newest first, revoked and expired ones flagged; never a secret. */
export async function listAccessTokens(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { ownerDid: string; page: number; pageSize: number },
): Promise<{ list: AccessToken[]; count: number }> {
  const now = deps.clock.now();
  const { rows, count } = await listAccessTokenRows(deps.db, input.ownerDid, input);
  return { list: rows.map((row) => toAccessToken(row, now)), count };
}

/**
 * Deletes (revokes) one of the owner's tokens once its name is typed to confirm
 * (TOKEN_NAME_MISMATCH otherwise). The row stays, flagged, so a CLI still holding the token is
 * told TOKEN_REVOKED rather than TOKEN_INVALID. Another developer's token is NOT_FOUND.
 */
export async function deleteAccessToken(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { ownerDid: string; id: string; confirmName: string },
): Promise<AccessToken> {
  const row = await findAccessTokenRow(deps.db, input.id);
  if (!row || row.owner_did !== input.ownerDid) throw notFound('access token', input.id);
  if (input.confirmName.trim() !== row.name) {
    throw new AppError('TOKEN_NAME_MISMATCH', 'Type the access token name to confirm deleting it', [
      { path: 'confirmName', message: 'Does not match the access token name' },
    ]);
  }
  const now = deps.clock.now();
  await markAccessTokenRevoked(deps.db, row.id, now);
  return toAccessToken((await findAccessTokenRow(deps.db, row.id))!, now);
}

/** Who a request authenticated by an access token speaks for. */
export interface AuthenticatedAccessToken {
  developerDid: string;
  tokenId: string;
  scopes: AccessTokenScope[];
}

const invalid = () => new AppError('TOKEN_INVALID', 'The access token is not valid');

/** Equal-time comparison of two hex digests of the same length. */
function isSameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Authenticates a raw `bzr_…` token for a use needing `scope` (the upload and CLI routes call it;
 * `accessTokenOnly` does it for a route):
 * 1. the format and checksum (TOKEN_INVALID, with no database read for a typo),
 * 2. the token by its public id, then the secret's digest compared in constant time (TOKEN_INVALID),
 * 3. TOKEN_REVOKED, TOKEN_EXPIRED, TOKEN_SCOPE_MISSING,
 * 4. the owner must still be an enabled developer (DEVELOPER_REVOKED; a token outlives nothing),
 * then records the use (at most once a minute) and answers whom the token speaks for.
 */
export async function authenticateAccessToken(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  rawToken: string,
  options: { scope: AccessTokenScope },
): Promise<AuthenticatedAccessToken> {
  const parsed = parseAccessToken(rawToken.trim());
  if (!parsed) throw invalid();
  const row = await findAccessTokenRow(deps.db, parsed.id);
  if (!row || !isSameDigest(sha256Hex(parsed.secret), row.secret_hash)) throw invalid();
  const now = deps.clock.now();
  if (row.revoked_at !== null) throw new AppError('TOKEN_REVOKED', 'The access token was deleted');
  if (row.expires_at <= now) throw new AppError('TOKEN_EXPIRED', 'The access token has expired');
  const scopes = scopesSchema.parse(JSON.parse(row.scopes));
  if (!scopes.includes(options.scope)) {
    throw new AppError('TOKEN_SCOPE_MISSING', `The access token lacks the ${options.scope} scope`);
  }
  const developer = await requireEnabledDeveloper(deps.db, row.owner_did);
  if (row.last_used_at === null || row.last_used_at <= now - LAST_USED_RESOLUTION_SECONDS) {
    await touchAccessTokenRow(deps.db, { id: row.id, now, minIntervalSeconds: LAST_USED_RESOLUTION_SECONDS });
  }
  return { developerDid: developer.did, tokenId: row.id, scopes };
}
