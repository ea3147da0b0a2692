import type { Insertable, Selectable, Updateable } from 'kysely';
import { hasRowLocks } from '../../db/row-locks.ts';
import type { StoreDb, StoreTables } from '../../db/tables.ts';

export type ConnectSessionRow = Selectable<StoreTables['store_cli_connect_sessions']>;
/** What is stored; `expired` is read from `expires_at`, never stored. */
export type StoredConnectStatus = 'pending' | 'approved' | 'denied' | 'consumed';

export async function insertConnectSessionRow(
  db: StoreDb,
  row: Insertable<StoreTables['store_cli_connect_sessions']>,
): Promise<void> {
  await db.insertInto('store_cli_connect_sessions').values(row).execute();
}

/** The row, locked for the rest of the transaction where the database locks rows. */
export async function findConnectSessionRow(
  db: StoreDb,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ConnectSessionRow | undefined> {
  return db
    .selectFrom('store_cli_connect_sessions')
    .selectAll()
    .where('id', '=', id)
    .$if(options.lock === true && hasRowLocks(db), (query) => query.forUpdate())
    .executeTakeFirst();
}

/**
 * Moves a session from `from` to another status, only if it still is in `from` and not past
 * `notExpiredAt`: false when another request moved it first (nothing written then).
 */
export async function moveConnectSessionRow(
  db: StoreDb,
  input: {
    id: string;
    from: StoredConnectStatus;
    notExpiredAt: number;
    change: Updateable<StoreTables['store_cli_connect_sessions']> & { status: StoredConnectStatus };
  },
): Promise<boolean> {
  const result = await db
    .updateTable('store_cli_connect_sessions')
    .set(input.change)
    .where('id', '=', input.id)
    .where('status', '=', input.from)
    .where('expires_at', '>', input.notExpiredAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Forgets sessions that ended before `before` (the sealed tokens of uncollected ones with them). */
export async function deleteConnectSessionRowsEndedBefore(db: StoreDb, before: number): Promise<void> {
  await db.deleteFrom('store_cli_connect_sessions').where('expires_at', '<', before).execute();
}
