import {
  ACCESS_TOKEN_NAME_MAX_LENGTH,
  ACCESS_TOKEN_SCOPES,
  CLI_CONNECT_PAGES,
  CLI_CONNECT_SESSION_ID_PREFIX,
  CLI_CONNECT_TTL_SECONDS,
  cliConnectClientSchema,
  cliConnectSealedSchema,
  createAccessTokenBodySchema,
  randomToken,
  type CliConnectClient,
  type CliConnectDecisionResponse,
  type CliConnectInfo,
  type CliConnectPayload,
  type CliConnectPollResponse,
  type CreateCliConnectResponse,
  type StoreDeveloper,
} from '@bazaar/schemas';
import { AppError, sha256Hex } from '@bazaar/server-kit';
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { inTransaction } from '../../db/transaction.ts';
import type { StoreDeps } from '../../deps.ts';
import { validationFailed } from '../../http/validation-failed.ts';
import { createAccessToken } from '../access-tokens/index.ts';
import { findDeveloper } from '../developers/index.ts';
import { getStoreInfo } from '../settings/service.ts';
import {
  deleteConnectSessionRowsEndedBefore,
  findConnectSessionRow,
  insertConnectSessionRow,
  moveConnectSessionRow,
  type ConnectSessionRow,
} from './repository.ts';
import { isSealablePublicKey, sealToPublicKey } from './seal.ts';
import { canDecide, connectSessionState } from './state.ts';

const POLL_SECRET_LENGTH = 32;
/** Letters and digits nobody misreads (no 0/O, 1/I/L). */
const VERIFICATION_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Ended sessions are kept this long, so a late poll still hears `expired`; then they go. */
const ENDED_SESSION_KEPT_SECONDS = CLI_CONNECT_TTL_SECONDS;

/** What the page and the CLI say as "Invalid Session": run the connect command again. */
export const invalidConnectSession = () =>
  new AppError('CONNECT_SESSION_INVALID', 'Invalid Session: run the connect command again');

function newVerificationCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += VERIFICATION_ALPHABET[randomInt(VERIFICATION_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

function isSameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The name of the token an approval issues: `CLI on ann-laptop`, cut to the name's limit. */
export function connectTokenName(client: CliConnectClient, hostname: string | null): string {
  const label = client === 'cli' ? 'CLI' : 'Studio';
  if (hostname === null) return label;
  return Array.from(`${label} on ${hostname}`).slice(0, ACCESS_TOKEN_NAME_MAX_LENGTH).join('').trimEnd();
}

/**
 * Opens a connect session for a CLI's fresh public key. Answers the poll secret this once (only
 * its digest is kept) and the page to approve it on. Sessions that ended a while ago are
 * deleted on the way, so the table holds only the last minutes' sessions.
 */
export async function createConnectSession(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { publicKey: string; client: CliConnectClient; hostname?: string | undefined },
): Promise<CreateCliConnectResponse> {
  if (!isSealablePublicKey(input.publicKey)) {
    throw validationFailed('publicKey', 'Not an X25519 public key a token can be sealed to');
  }
  const now = deps.clock.now();
  await deleteConnectSessionRowsEndedBefore(deps.db, now - ENDED_SESSION_KEPT_SECONDS);
  const id = `${CLI_CONNECT_SESSION_ID_PREFIX}${randomToken()}`;
  const pollSecret = randomToken(POLL_SECRET_LENGTH);
  const verificationCode = newVerificationCode();
  const expiresAt = now + CLI_CONNECT_TTL_SECONDS;
  await insertConnectSessionRow(deps.db, {
    id,
    client: input.client,
    hostname: input.hostname ?? null,
    public_key: input.publicKey,
    poll_secret_hash: sha256Hex(pollSecret),
    verification_code: verificationCode,
    status: 'pending',
    created_at: now,
    expires_at: expiresAt,
  });
  return {
    id,
    approveUrl: `${CLI_CONNECT_PAGES[input.client]}?session=${id}`,
    pollSecret,
    verificationCode,
    expiresAt,
  };
}

/**
 * The CLI's poll. An unknown session and a wrong secret are alike CONNECT_SESSION_INVALID. An
 * approved session answers its sealed token once and is spent in the same statement (two polls
 * racing get it once between them); polling a spent session is CONNECT_SESSION_INVALID.
 */
export async function pollConnectSession(
  deps: Pick<StoreDeps, 'db' | 'clock' | 'appName' | 'version'>,
  input: { id: string; secret: string },
): Promise<CliConnectPollResponse> {
  const row = await findConnectSessionRow(deps.db, input.id);
  if (!row || !isSameDigest(sha256Hex(input.secret), row.poll_secret_hash)) throw invalidConnectSession();
  const now = deps.clock.now();
  const state = connectSessionState(row, now);
  switch (state) {
    case 'consumed':
      throw invalidConnectSession();
    case 'pending':
    case 'denied':
    case 'expired':
      return { status: state };
    case 'approved': {
      const collected = await moveConnectSessionRow(deps.db, {
        id: row.id,
        from: 'approved',
        notExpiredAt: now,
        change: { status: 'consumed', sealed: null },
      });
      if (!collected || row.sealed === null) throw invalidConnectSession();
      return {
        status: 'approved',
        sealed: cliConnectSealedSchema.parse(JSON.parse(row.sealed)),
        store: await getStoreInfo(deps),
      };
    }
  }
}

/** A session that may still be looked at on the page: not spent, not past its time. */
function requireOpenSession(row: ConnectSessionRow | undefined, now: number): ConnectSessionRow {
  if (!row) throw invalidConnectSession();
  const state = connectSessionState(row, now);
  if (state === 'consumed' || state === 'expired') throw invalidConnectSession();
  return row;
}

/** What the approval page shows: the session, and whether the viewer is a developer. */
export async function getConnectSessionInfo(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { id: string; viewerDid: string },
): Promise<CliConnectInfo> {
  const row = requireOpenSession(await findConnectSessionRow(deps.db, input.id), deps.clock.now());
  return {
    id: row.id,
    client: cliConnectClientSchema.parse(row.client),
    hostname: row.hostname,
    verificationCode: row.verification_code,
    status: row.status as CliConnectInfo['status'],
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    developer: await findDeveloper(deps.db, input.viewerDid),
  };
}

/**
 * An enabled developer approves a pending session: a new access token (upload, publish, read;
 * the default lifetime) is issued to them and sealed to the CLI's key in one transaction, and
 * its clear text is dropped. Anything but a pending session is CONNECT_SESSION_INVALID, and
 * then no token is issued (the transaction rolls back).
 */
export async function approveConnectSession(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { id: string; developer: StoreDeveloper },
): Promise<CliConnectDecisionResponse> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (trx) => {
    const row = await findConnectSessionRow(trx, input.id, { lock: true });
    if (!row || !canDecide(connectSessionState(row, now))) throw invalidConnectSession();
    const client = cliConnectClientSchema.parse(row.client);
    const body: z.output<typeof createAccessTokenBodySchema> = createAccessTokenBodySchema.parse({
      name: connectTokenName(client, row.hostname),
      scopes: [...ACCESS_TOKEN_SCOPES],
    });
    const { accessToken, token } = await createAccessToken(
      { db: trx, clock: deps.clock },
      { ownerDid: input.developer.did, body },
    );
    const payload: CliConnectPayload = {
      token,
      developer: { did: input.developer.did, username: input.developer.username },
    };
    const sealed = sealToPublicKey({ publicKey: row.public_key, sessionId: row.id, payload });
    const moved = await moveConnectSessionRow(trx, {
      id: row.id,
      from: 'pending',
      notExpiredAt: now,
      change: {
        status: 'approved',
        decided_at: now,
        decided_by: input.developer.did,
        token_id: accessToken.id,
        sealed: JSON.stringify(sealed),
      },
    });
    if (!moved) throw invalidConnectSession();
    return { status: 'approved', tokenName: accessToken.name };
  });
}

/** The developer refuses a pending session; the CLI's next poll hears `denied`. */
export async function denyConnectSession(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { id: string; developer: StoreDeveloper },
): Promise<CliConnectDecisionResponse> {
  const now = deps.clock.now();
  const moved = await moveConnectSessionRow(deps.db, {
    id: input.id,
    from: 'pending',
    notExpiredAt: now,
    change: { status: 'denied', decided_at: now, decided_by: input.developer.did },
  });
  if (!moved) throw invalidConnectSession();
  return { status: 'denied', tokenName: null };
}
