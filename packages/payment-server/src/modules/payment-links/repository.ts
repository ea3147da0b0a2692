import { exportNewestFirst, insertRows, sortedPage, textContains, type ListExport } from '@bazaar/server-kit';
import type { Insertable, Selectable } from 'kysely';
import { catalogueSortKey, type CatalogueOrder } from '../../db/catalogue-order.ts';
import { toFlag } from '../../db/json.ts';
import { jsonMentions } from '../../db/search.ts';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type PaymentLinkRow = Selectable<PaymentTables['payment_links']>;
export type NewPaymentLinkRow = Insertable<PaymentTables['payment_links']>;

export async function findPaymentLinkRow(db: PaymentDb, id: string): Promise<PaymentLinkRow | undefined> {
  return db.selectFrom('payment_links').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPaymentLinkIfMissing(db: PaymentDb, row: NewPaymentLinkRow): Promise<void> {
  await db
    .insertInto('payment_links')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

export type PaymentLinkPatch = Partial<Omit<NewPaymentLinkRow, 'id' | 'livemode' | 'created_at'>>;

export async function insertPaymentLinkRow(db: PaymentDb, row: NewPaymentLinkRow): Promise<void> {
  await insertRows(db, 'payment_links', [row]);
}

export async function updatePaymentLinkRow(
  db: PaymentDb,
  id: string,
  patch: PaymentLinkPatch,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('payment_links').set(patch).where('id', '=', id).execute();
}

export interface PaymentLinkFilter {
  livemode: boolean;
  active?: boolean | undefined;
  q?: string | undefined;
}

/** The admin's payment link list as filtered, which its pages and its export both read. */
function paymentLinkListQuery(db: PaymentDb, filter: PaymentLinkFilter) {
  let query = db.selectFrom('payment_links').where('livemode', '=', toFlag(filter.livemode));
  if (filter.active !== undefined) query = query.where('active', '=', toFlag(filter.active));
  if (filter.q) query = query.where(textContains('name', filter.q));
  return query;
}

export async function listPaymentLinkRows(
  db: PaymentDb,
  filter: PaymentLinkFilter,
  page: { page: number; pageSize: number },
  order: CatalogueOrder,
): Promise<{ rows: PaymentLinkRow[]; count: number }> {
  return sortedPage(paymentLinkListQuery(db, filter), page, {
    by: catalogueSortKey(db, order),
    direction: order.sortDirection,
  });
}

/** Every payment link of the filter, newest first, a batch at a time, and how many there are. */
export function exportPaymentLinkRows(
  db: PaymentDb,
  filter: PaymentLinkFilter,
): Promise<ListExport<PaymentLinkRow>> {
  return exportNewestFirst(paymentLinkListQuery(db, filter));
}

/** Whether a payment link sells the price (as a line or its cross-sell). */
export async function isPriceInAnyLink(db: PaymentDb, priceId: string): Promise<boolean> {
  const hit = await db
    .selectFrom('payment_links')
    .select('id')
    .where(jsonMentions('line_items', 'price_id', priceId))
    .limit(1)
    .executeTakeFirst();
  return hit !== undefined;
}

export async function isCurrencyInAnyLink(db: PaymentDb, currencyId: string): Promise<boolean> {
  const hit = await db
    .selectFrom('payment_links')
    .select('id')
    .where('currency_id', '=', currencyId)
    .limit(1)
    .executeTakeFirst();
  return hit !== undefined;
}
