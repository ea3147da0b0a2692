import { exportNewestFirst, insertRows, sortedPage, textContains, type ListExport } from '@bazaar/server-kit';
import type { Insertable, Selectable } from 'kysely';
import { catalogueSortKey, type CatalogueOrder } from '../../db/catalogue-order.ts';
import { toFlag } from '../../db/json.ts';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type ProductRow = Selectable<PaymentTables['products']>;
export type NewProductRow = Insertable<PaymentTables['products']>;

export async function findProductRows(db: PaymentDb, ids: readonly string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
}

export async function insertProductIfMissing(db: PaymentDb, row: NewProductRow): Promise<void> {
  await db
    .insertInto('products')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

export type ProductPatch = Partial<Omit<NewProductRow, 'id' | 'livemode' | 'created_at'>>;

export interface ProductFilter {
  livemode: boolean;
  active?: boolean | undefined;
  q?: string | undefined;
}

export async function insertProductRow(db: PaymentDb, row: NewProductRow): Promise<void> {
  await insertRows(db, 'products', [row]);
}

export async function findProductRow(db: PaymentDb, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The admin's product list as filtered, which its pages and its export both read. */
function productListQuery(db: PaymentDb, filter: ProductFilter) {
  let query = db.selectFrom('products').where('livemode', '=', toFlag(filter.livemode));
  if (filter.active !== undefined) query = query.where('active', '=', toFlag(filter.active));
  if (filter.q) query = query.where(textContains('name', filter.q));
  return query;
}

export async function listProductRows(
  db: PaymentDb,
  filter: ProductFilter,
  page: { page: number; pageSize: number },
  order: CatalogueOrder,
): Promise<{ rows: ProductRow[]; count: number }> {
  return sortedPage(productListQuery(db, filter), page, {
    by: catalogueSortKey(db, order),
    direction: order.sortDirection,
  });
}

/** Every product of the filter, newest first, a batch at a time, and how many there are. */
export function exportProductRows(db: PaymentDb, filter: ProductFilter): Promise<ListExport<ProductRow>> {
  return exportNewestFirst(productListQuery(db, filter));
}

export async function updateProductRow(db: PaymentDb, id: string, patch: ProductPatch): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('products').set(patch).where('id', '=', id).execute();
}

export async function deleteProductRow(db: PaymentDb, id: string): Promise<void> {
  await db.deleteFrom('products').where('id', '=', id).execute();
}
