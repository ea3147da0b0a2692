import { newestFirstPage } from '@bazaar/server-kit';
import type { Insertable, Selectable } from 'kysely';
import { hasRowLocks } from '../../db/row-locks.ts';
import type { StoreDb, StoreTables } from '../../db/tables.ts';

export type InvitationRow = Selectable<StoreTables['store_invitations']>;

export async function insertInvitationRow(
  db: StoreDb,
  row: Insertable<StoreTables['store_invitations']>,
): Promise<void> {
  await db.insertInto('store_invitations').values(row).execute();
}

export async function findInvitationRow(db: StoreDb, id: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('store_invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** `lock`: the row stays locked until the caller's transaction ends (PostgreSQL; SQLite has one writer). */
export async function findInvitationRowByTokenHash(
  db: StoreDb,
  tokenHash: string,
  options: { lock?: boolean } = {},
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('store_invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .$if(options.lock === true && hasRowLocks(db), (query) => query.forUpdate())
    .executeTakeFirst();
}

/** `expired` is a pending invitation past its time; `pending` is one still within it. */
export interface InvitationFilter {
  status?: 'pending' | 'accepted' | 'cancelled' | 'expired' | undefined;
  now: number;
}

export async function listInvitationRows(
  db: StoreDb,
  filter: InvitationFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: InvitationRow[]; count: number }> {
  let query = db.selectFrom('store_invitations');
  if (filter.status === 'pending') {
    query = query.where('status', '=', 'pending').where('expires_at', '>', filter.now);
  } else if (filter.status === 'expired') {
    query = query.where('status', '=', 'pending').where('expires_at', '<=', filter.now);
  } else if (filter.status) {
    query = query.where('status', '=', filter.status);
  }
  return newestFirstPage(query, page);
}

/**
 * Moves a pending invitation to accepted; false when it was no longer pending (another request
 * took it first), so an invitation is used once however many accept it at the same moment.
 */
export async function markInvitationAccepted(
  db: StoreDb,
  input: { id: string; acceptedBy: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('store_invitations')
    .set({ status: 'accepted', accepted_by: input.acceptedBy, accepted_at: input.now })
    .where('id', '=', input.id)
    .where('status', '=', 'pending')
    .where('expires_at', '>', input.now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Cancels a pending invitation; false when it was not pending. */
export async function markInvitationCancelled(db: StoreDb, input: { id: string; now: number }) {
  const result = await db
    .updateTable('store_invitations')
    .set({ status: 'cancelled', cancelled_at: input.now })
    .where('id', '=', input.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
