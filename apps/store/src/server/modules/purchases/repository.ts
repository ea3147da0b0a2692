import type { Selectable } from 'kysely';
import type { StoreDb, StoreTables } from '../../db/tables.ts';

export type PriceLinkRow = Selectable<StoreTables['store_price_links']>;

export interface PriceTerms {
  app_did: string;
  amount: string;
  currency: string;
  store_share_percent: number;
  livemode: number;
}

export async function findPriceLinkRow(db: StoreDb, terms: PriceTerms): Promise<PriceLinkRow | undefined> {
  return db
    .selectFrom('store_price_links')
    .selectAll()
    .where('app_did', '=', terms.app_did)
    .where('amount', '=', terms.amount)
    .where('currency', '=', terms.currency)
    .where('store_share_percent', '=', terms.store_share_percent)
    .where('livemode', '=', terms.livemode)
    .executeTakeFirst();
}

export async function findPriceLinkRowById(
  db: StoreDb,
  paymentLinkId: string,
): Promise<PriceLinkRow | undefined> {
  return db
    .selectFrom('store_price_links')
    .selectAll()
    .where('payment_link_id', '=', paymentLinkId)
    .executeTakeFirst();
}

/** False when another node saved a link for the same terms first (nothing written). */
export async function insertPriceLinkRowIfMissing(db: StoreDb, row: PriceLinkRow): Promise<boolean> {
  const result = await db
    .insertInto('store_price_links')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['app_did', 'amount', 'currency', 'store_share_percent', 'livemode']).doNothing(),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Marks the app's other active links of the mode inactive; answers their ids. */
export async function deactivateOtherPriceLinkRows(
  db: StoreDb,
  input: { appDid: string; livemode: number; keep: string },
): Promise<string[]> {
  const rows = await db
    .updateTable('store_price_links')
    .set({ active: 0 })
    .where('app_did', '=', input.appDid)
    .where('livemode', '=', input.livemode)
    .where('active', '=', 1)
    .where('payment_link_id', '!=', input.keep)
    .returning('payment_link_id')
    .execute();
  return rows.map((row) => row.payment_link_id);
}

/** A link (found again by its terms) that an earlier price made inactive, sold again. */
export async function activatePriceLinkRow(db: StoreDb, paymentLinkId: string): Promise<void> {
  await db
    .updateTable('store_price_links')
    .set({ active: 1 })
    .where('payment_link_id', '=', paymentLinkId)
    .execute();
}
