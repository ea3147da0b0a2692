import type { Insertable, Selectable, Updateable } from 'kysely';
import { hasRowLocks } from '../../db/row-locks.ts';
import type { StoreDb, StoreTables } from '../../db/tables.ts';

export type LicenceRow = Selectable<StoreTables['store_licences']>;
export type SigningKeyRow = Selectable<StoreTables['store_signing_keys']>;

export async function findSigningKeyRow(db: StoreDb, id: string): Promise<SigningKeyRow | undefined> {
  return db.selectFrom('store_signing_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertSigningKeyRowIfMissing(db: StoreDb, row: SigningKeyRow): Promise<void> {
  await db
    .insertInto('store_signing_keys')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** False when the checkout already granted its licence: an event delivered again writes nothing. */
export async function insertLicenceRowIfMissing(
  db: StoreDb,
  row: Insertable<StoreTables['store_licences']>,
): Promise<boolean> {
  const result = await db
    .insertInto('store_licences')
    .values(row)
    .onConflict((conflict) => conflict.column('checkout_session_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** A licence; with `lock`, held `FOR UPDATE` until the transaction ends (PostgreSQL). */
export async function findLicenceRow(
  db: StoreDb,
  id: string,
  options: { lock?: boolean } = {},
): Promise<LicenceRow | undefined> {
  return db
    .selectFrom('store_licences')
    .selectAll()
    .where('id', '=', id)
    .$if(options.lock === true && hasRowLocks(db), (query) => query.forUpdate())
    .executeTakeFirst();
}

/** The buyer's newest active licence for the app. */
export async function findActiveLicenceRow(
  db: StoreDb,
  input: { appDid: string; buyerDid: string; livemode: number },
): Promise<LicenceRow | undefined> {
  return db
    .selectFrom('store_licences')
    .selectAll()
    .where('buyer_did', '=', input.buyerDid)
    .where('app_did', '=', input.appDid)
    .where('livemode', '=', input.livemode)
    .where('status', '=', 'active')
    .orderBy('issued_at', 'desc')
    .executeTakeFirst();
}

export async function listLicenceRowsOfBuyer(
  db: StoreDb,
  input: { buyerDid: string; livemode: number },
): Promise<LicenceRow[]> {
  return db
    .selectFrom('store_licences')
    .selectAll()
    .where('buyer_did', '=', input.buyerDid)
    .where('livemode', '=', input.livemode)
    .orderBy('issued_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function listLicenceRowsOfInvoice(db: StoreDb, invoiceId: string): Promise<LicenceRow[]> {
  return db.selectFrom('store_licences').selectAll().where('invoice_id', '=', invoiceId).execute();
}

/** False when this refund was already counted for the licence. */
export async function insertLicenceRefundIfMissing(
  db: StoreDb,
  row: Selectable<StoreTables['store_licence_refunds']>,
): Promise<boolean> {
  const result = await db
    .insertInto('store_licence_refunds')
    .values(row)
    .onConflict((conflict) => conflict.column('refund_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** The amounts of the refunds counted for a licence, in the smallest unit. */
export async function listLicenceRefundAmounts(db: StoreDb, licenceId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('store_licence_refunds')
    .select('amount')
    .where('licence_id', '=', licenceId)
    .execute();
  return rows.map((row) => row.amount);
}

export async function updateLicenceRow(
  db: StoreDb,
  id: string,
  changes: Updateable<StoreTables['store_licences']>,
): Promise<void> {
  await db.updateTable('store_licences').set(changes).where('id', '=', id).execute();
}
