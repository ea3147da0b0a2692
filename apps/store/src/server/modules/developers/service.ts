import {
  developerHistoryEntrySchema,
  newStoreId,
  storeDeveloperSchema,
  type DeveloperHistoryEntry,
  type DeveloperMeResponse,
  type DeveloperRegistrationVia,
  type StoreDeveloper,
  type UpdateDeveloperBody,
  type listDevelopersQuerySchema,
} from '@bazaar/schemas';
import { AppError, notFound } from '@bazaar/server-kit';
import type { z } from 'zod';
import type { StoreDb } from '../../db/tables.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { StoreDeps } from '../../deps.ts';
import { getStoreSettings } from '../settings/service.ts';
import { findLatestStake } from '../stakes/service.ts';
import {
  findDeveloperRow,
  insertDeveloperHistoryRow,
  insertDeveloperRowIfMissing,
  listDeveloperHistoryRows,
  listDeveloperRows,
  listDeveloperRowsByDid,
  updateDeveloperRow,
  type DeveloperHistoryRow,
  type DeveloperRow,
} from './repository.ts';

export const DEVELOPER_REQUIRED_MESSAGE =
  'You have no valid Developer NFT, please register as a developer first';
export const ALREADY_DEVELOPER_MESSAGE = "You're already a developer";

function toDeveloper(row: DeveloperRow): StoreDeveloper {
  return storeDeveloperSchema.parse({
    did: row.did,
    username: row.username,
    developerSince: row.developer_since,
    status: row.status,
    revokedReason: row.revoked_reason,
    revokedAt: row.revoked_at,
  });
}

function toHistoryEntry(row: DeveloperHistoryRow): DeveloperHistoryEntry {
  return developerHistoryEntrySchema.parse({
    id: row.id,
    developerDid: row.developer_did,
    action: row.action,
    via: row.via,
    reason: row.reason,
    actorDid: row.actor_did,
    createdAt: row.created_at,
  });
}

/** The developer record of a platform user, enabled or revoked; null if they never joined. */
export async function findDeveloper(db: StoreDb, did: string): Promise<StoreDeveloper | null> {
  const row = await findDeveloperRow(db, did);
  return row ? toDeveloper(row) : null;
}

/** The Store names of the developers among `dids`, by DID (one read for a whole list of apps). */
export async function findDeveloperNames(db: StoreDb, dids: readonly string[]): Promise<Map<string, string>> {
  const rows = await listDeveloperRowsByDid(db, [...new Set(dids)]);
  return new Map(rows.map((row) => [row.did, row.username]));
}

/**
 * The record of a developer who may act now (upload, publish, manage tokens): throws
 * DEVELOPER_REQUIRED without one and DEVELOPER_REVOKED once an admin revoked it.
 */
export async function requireEnabledDeveloper(db: StoreDb, did: string): Promise<StoreDeveloper> {
  const developer = await findDeveloper(db, did);
  if (!developer || developer.status === 'left') {
    throw new AppError('DEVELOPER_REQUIRED', DEVELOPER_REQUIRED_MESSAGE);
  }
  if (developer.status !== 'enabled') {
    throw new AppError('DEVELOPER_REVOKED', 'Your developer status was revoked by the store admin');
  }
  return developer;
}

/** What the /join and developer pages need: the user's record (or null), how one joins, their stake. */
export async function getDeveloperMe(db: StoreDb, did: string): Promise<DeveloperMeResponse> {
  const [developer, settings, stake] = await Promise.all([
    findDeveloper(db, did),
    getStoreSettings(db),
    findLatestStake(db, did),
  ]);
  return { developer, permissionMode: settings.permissionMode, stake };
}

export interface RegisterDeveloperInput {
  did: string;
  username: string;
  /** The invitation accepted, when `via` is `invitation`. */
  invitationId?: string;
}

/**
 * Makes a platform user a developer (again, for one who left) and records how, in the caller's
 * transaction if it runs in one. Refuses ALREADY_DEVELOPER for an enabled developer and
 * DEVELOPER_REVOKED for a revoked one (an admin enables them again; joining anew does not undo a
 * revocation). Invitations call it with `{ via: 'invitation' }`, a paid stake with `{ via: 'staking' }`.
 */
export async function registerDeveloper(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: RegisterDeveloperInput,
  options: { via: DeveloperRegistrationVia },
): Promise<StoreDeveloper> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (trx) => {
    const isNew = await insertDeveloperRowIfMissing(trx, {
      did: input.did,
      username: input.username,
      developer_since: now,
      status: 'enabled',
      updated_at: now,
    });
    const existing = isNew ? null : await findDeveloperRow(trx, input.did);
    if (existing?.status === 'left') {
      // Someone who left may come back: a new registration, from today.
      await updateDeveloperRow(trx, input.did, {
        username: input.username,
        developer_since: now,
        status: 'enabled',
        revoked_reason: null,
        revoked_at: null,
        updated_at: now,
      });
    } else if (!isNew) {
      await requireEnabledDeveloper(trx, input.did);
      throw new AppError('ALREADY_DEVELOPER', ALREADY_DEVELOPER_MESSAGE);
    }
    await insertDeveloperHistoryRow(trx, {
      id: newStoreId('developerHistory'),
      developer_did: input.did,
      action: 'registered',
      via: options.via,
      actor_did: input.did,
      invitation_id: input.invitationId ?? null,
      created_at: now,
    });
    return toDeveloper((await findDeveloperRow(trx, input.did))!);
  });
}

export async function listDevelopers(
  db: StoreDb,
  query: z.output<typeof listDevelopersQuerySchema>,
): Promise<{ list: StoreDeveloper[]; count: number }> {
  const { rows, count } = await listDeveloperRows(db, { status: query.status, q: query.q }, query);
  return { list: rows.map(toDeveloper), count };
}

/**
 * An admin enables or revokes a developer. Every change appends a history row in the same
 * transaction; asking for the status the developer already has changes nothing and records
 * nothing. A revoked developer's access tokens stop authenticating at once (checked on use).
 */
export async function setDeveloperStatus(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  input: { did: string; change: UpdateDeveloperBody; actorDid: string },
): Promise<StoreDeveloper> {
  const now = deps.clock.now();
  const { change } = input;
  return inTransaction(deps.db, async (trx) => {
    const row = await findDeveloperRow(trx, input.did);
    if (!row) throw notFound('developer', input.did);
    if (row.status === change.status) return toDeveloper(row);
    const isRevoking = change.status === 'revoked';
    const updated = await updateDeveloperRow(trx, input.did, {
      status: change.status,
      revoked_reason: isRevoking ? change.reason : null,
      revoked_at: isRevoking ? now : null,
      updated_at: now,
    });
    await insertDeveloperHistoryRow(trx, {
      id: newStoreId('developerHistory'),
      developer_did: input.did,
      action: change.status,
      reason: change.reason ?? null,
      actor_did: input.actorDid,
      created_at: now,
    });
    return toDeveloper(updated!);
  });
}

/**
 * A developer leaves the Store on their own: they stop being one at once (as revoked, but they
 * may register again), with a history row. Only an enabled developer can leave.
 */
export async function leaveAsDeveloper(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  did: string,
): Promise<StoreDeveloper> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (trx) => {
    await requireEnabledDeveloper(trx, did);
    const updated = await updateDeveloperRow(trx, did, { status: 'left', updated_at: now });
    await insertDeveloperHistoryRow(trx, {
      id: newStoreId('developerHistory'),
      developer_did: did,
      action: 'left',
      actor_did: did,
      created_at: now,
    });
    return toDeveloper(updated!);
  });
}

/** A developer's status changes, oldest first; 404 for a DID that never was a developer. */
export async function listDeveloperHistory(db: StoreDb, did: string): Promise<DeveloperHistoryEntry[]> {
  if (!(await findDeveloperRow(db, did))) throw notFound('developer', did);
  return (await listDeveloperHistoryRows(db, did)).map(toHistoryEntry);
}
