import type { Insertable, Selectable, Updateable } from 'kysely';
import type { StoreDb, StoreTables } from '../../db/tables.ts';

export type StakeLinkRow = Selectable<StoreTables['store_stake_links']>;
export type StakeRow = Selectable<StoreTables['store_stakes']>;

export async function findStakeLinkRow(
  db: StoreDb,
  terms: { amount: string; currency: string; livemode: number },
): Promise<StakeLinkRow | undefined> {
  return db
    .selectFrom('store_stake_links')
    .selectAll()
    .where('amount', '=', terms.amount)
    .where('currency', '=', terms.currency)
    .where('livemode', '=', terms.livemode)
    .executeTakeFirst();
}

export async function findStakeLinkRowById(
  db: StoreDb,
  paymentLinkId: string,
): Promise<StakeLinkRow | undefined> {
  return db
    .selectFrom('store_stake_links')
    .selectAll()
    .where('payment_link_id', '=', paymentLinkId)
    .executeTakeFirst();
}

/** False when another node saved a link for the same terms first (nothing written). */
export async function insertStakeLinkRowIfMissing(db: StoreDb, row: StakeLinkRow): Promise<boolean> {
  const result = await db
    .insertInto('store_stake_links')
    .values(row)
    .onConflict((conflict) => conflict.columns(['amount', 'currency', 'livemode']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** False when the checkout was already recorded: an event delivered again writes nothing. */
export async function insertStakeRowIfMissing(
  db: StoreDb,
  row: Insertable<StoreTables['store_stakes']>,
): Promise<boolean> {
  const result = await db
    .insertInto('store_stakes')
    .values(row)
    .onConflict((conflict) => conflict.column('checkout_session_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The user's stakes, newest first. */
export async function listStakeRows(db: StoreDb, userDid: string): Promise<StakeRow[]> {
  return db
    .selectFrom('store_stakes')
    .selectAll()
    .where('user_did', '=', userDid)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The user's stakes in one of `statuses`, oldest first; changes go through `updateStakeRowFrom`. */
export async function listStakeRowsInStatus(
  db: StoreDb,
  userDid: string,
  statuses: readonly string[],
): Promise<StakeRow[]> {
  return db
    .selectFrom('store_stakes')
    .selectAll()
    .where('user_did', '=', userDid)
    .where('status', 'in', statuses)
    .orderBy('created_at')
    .execute();
}

/** Stakes waiting to go back whose wait is over, oldest first. */
export async function listDueStakeRows(db: StoreDb, now: number, limit: number): Promise<StakeRow[]> {
  return db
    .selectFrom('store_stakes')
    .selectAll()
    .where('status', '=', 'returning')
    .where('return_after', '<=', now)
    .orderBy('return_after')
    .limit(limit)
    .execute();
}

export async function findStakeRowByRefund(db: StoreDb, refundId: string): Promise<StakeRow | undefined> {
  return db.selectFrom('store_stakes').selectAll().where('refund_id', '=', refundId).executeTakeFirst();
}

/** Moves a stake only from the status it was read in: a concurrent move makes this a no-op (false). */
export async function updateStakeRowFrom(
  db: StoreDb,
  id: string,
  fromStatus: string,
  changes: Updateable<StoreTables['store_stakes']>,
): Promise<boolean> {
  const result = await db
    .updateTable('store_stakes')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', fromStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
