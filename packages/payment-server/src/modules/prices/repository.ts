import { asciiTextContains, countAll, insertRows, newestFirstPage } from '@bazaar/server-kit';
import { sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';
import { toFlag } from '../../db/json.ts';
import { jsonMentions } from '../../db/search.ts';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type PriceRow = Selectable<PaymentTables['prices']>;
export type NewPriceRow = Insertable<PaymentTables['prices']>;

export async function findPriceRows(db: PaymentDb, ids: readonly string[]): Promise<PriceRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('prices').selectAll().where('id', 'in', ids).execute();
}

/** The prices `ids` and the prices they upsell to, in one query (a checkout offers both). */
export async function findPriceRowsWithUpsellTargets(
  db: PaymentDb,
  ids: readonly string[],
): Promise<PriceRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('prices')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('id', 'in', ids),
        eb(
          'id',
          'in',
          eb
            .selectFrom('prices as source')
            .select('source.upsells_to_id')
            .where('source.id', 'in', ids)
            .where('source.upsells_to_id', 'is not', null)
            .$narrowType<{ upsells_to_id: string }>(),
        ),
      ]),
    )
    .execute();
}

/** How many units of each price are sold (or held by submitted checkouts) right now. */
export async function findPriceStockRows(
  db: PaymentDb,
  ids: readonly string[],
): Promise<Pick<PriceRow, 'id' | 'quantity_sold'>[]> {
  return db.selectFrom('prices').select(['id', 'quantity_sold']).where('id', 'in', ids).execute();
}

export async function insertPriceIfMissing(db: PaymentDb, row: NewPriceRow): Promise<void> {
  await db
    .insertInto('prices')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/**
 * Takes `quantity` units from stock in one conditional UPDATE, so two payers racing for the
 * last unit cannot both get it; `quantity_sold` counts the units of limited stock sold or held.
 * Unlimited prices (quantity_available 0) always succeed. Returns whether the units were taken.
 */
export async function takeStock(db: PaymentDb, priceId: string, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable('prices')
    .set({ quantity_sold: sql<number>`quantity_sold + ${quantity}` })
    .where('id', '=', priceId)
    .where((eb) =>
      eb.or([
        eb('quantity_available', '=', 0),
        eb(sql<number>`quantity_sold + ${quantity}`, '<=', eb.ref('quantity_available')),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Gives back units an expired or changed session had taken. The floor at zero keeps a bad
 * double release from making stock appear that was never there.
 */
export async function releaseStock(db: PaymentDb, priceId: string, quantity: number): Promise<void> {
  await db
    .updateTable('prices')
    .set({ quantity_sold: sql<number>`quantity_sold - ${quantity}` })
    .where('id', '=', priceId)
    .where('quantity_available', '>', 0)
    .where('quantity_sold', '>=', quantity)
    .execute();
}

export type PricePatch = Partial<
  Pick<
    NewPriceRow,
    | 'active'
    | 'nickname'
    | 'metadata'
    | 'currency_options'
    | 'upsells_to_id'
    | 'quantity_available'
    | 'quantity_limit_per_checkout'
  >
>;

export interface PriceFilter {
  livemode: boolean;
  active?: boolean | undefined;
  productId?: string | undefined;
  /** Payable in this currency: the price's own, or one of its currency options. */
  currencyId?: string | undefined;
  q?: string | undefined;
}

export async function insertPriceRow(db: PaymentDb, row: NewPriceRow): Promise<void> {
  await insertRows(db, 'prices', [row]);
}

export async function listPriceRows(
  db: PaymentDb,
  filter: PriceFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: PriceRow[]; count: number }> {
  let query = db.selectFrom('prices').where('livemode', '=', toFlag(filter.livemode));
  if (filter.active !== undefined) query = query.where('active', '=', toFlag(filter.active));
  if (filter.productId) query = query.where('product_id', '=', filter.productId);
  if (filter.currencyId) query = query.where(namesCurrency(filter.currencyId));
  const { q } = filter;
  if (q) {
    // A subquery rather than a join keeps the page's `select *`, order and count on prices alone.
    query = query.where((eb) =>
      eb.or([
        eb('id', '=', q),
        asciiTextContains(db, 'nickname', q),
        eb(
          'product_id',
          'in',
          eb
            .selectFrom('products')
            .select('products.id')
            .where(asciiTextContains(db, 'products.name', q)),
        ),
      ]),
    );
  }
  return newestFirstPage(query, page);
}

export async function updatePriceRow(db: PaymentDb, id: string, patch: PricePatch): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('prices').set(patch).where('id', '=', id).execute();
}

export async function listPriceIdsOfProduct(db: PaymentDb, productId: string): Promise<string[]> {
  const rows = await db.selectFrom('prices').select('id').where('product_id', '=', productId).execute();
  return rows.map((row) => row.id);
}

/** How many prices each of these products has, and how many of them are active (a product with none is left out). */
export async function countPricesOfProducts(
  db: PaymentDb,
  productIds: readonly string[],
): Promise<Map<string, { prices: number; active: number }>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('prices')
    .select(['product_id', countAll().as('prices'), sql<number | string>`sum(active)`.as('active_prices')])
    .where('product_id', 'in', [...productIds])
    .groupBy('product_id')
    .execute();
  return new Map(
    rows.map((row) => [row.product_id, { prices: Number(row.prices), active: Number(row.active_prices) }]),
  );
}

/** A price naming the currency, directly or by a currency option. */
function namesCurrency(currencyId: string) {
  return (eb: ExpressionBuilder<PaymentTables, 'prices'>) =>
    eb.or([eb('currency_id', '=', currencyId), jsonMentions('currency_options', 'currency_id', currencyId)]);
}

/** Whether a price names the currency, directly or by a currency option. */
export async function isCurrencyInAnyPrice(db: PaymentDb, currencyId: string): Promise<boolean> {
  const hit = await db
    .selectFrom('prices')
    .select('id')
    .where(namesCurrency(currencyId))
    .limit(1)
    .executeTakeFirst();
  return hit !== undefined;
}

export async function deletePricesOfProduct(db: PaymentDb, productId: string): Promise<void> {
  await db.deleteFrom('prices').where('product_id', '=', productId).execute();
}

/**
 * The active prices a subscription on `priceId` might move to: those of the same product, the
 * price it upsells to and those that upsell to it (its downsells), the price itself excluded.
 */
export async function findPlanChangeCandidateRows(
  db: PaymentDb,
  input: { priceId: string; productId: string; upsellsToId: string | null; livemode: boolean },
): Promise<PriceRow[]> {
  return db
    .selectFrom('prices')
    .selectAll()
    .where('active', '=', 1)
    .where('livemode', '=', toFlag(input.livemode))
    .where('id', '!=', input.priceId)
    .where((eb) =>
      eb.or([
        eb('product_id', '=', input.productId),
        eb('upsells_to_id', '=', input.priceId),
        ...(input.upsellsToId ? [eb('id', '=', input.upsellsToId)] : []),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
