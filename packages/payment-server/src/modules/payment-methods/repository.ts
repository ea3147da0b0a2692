import { insertRows, newestFirstPage } from '@bazaar/server-kit';
import { toFlag } from '../../db/json.ts';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type PaymentMethodRow = PaymentTables['payment_methods'];
export type PaymentCurrencyRow = PaymentTables['payment_currencies'];

export async function listMethodRows(db: PaymentDb, livemode: boolean): Promise<PaymentMethodRow[]> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('livemode', '=', livemode ? 1 : 0)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function listCurrencyRows(
  db: PaymentDb,
  methodIds: readonly string[],
): Promise<PaymentCurrencyRow[]> {
  if (methodIds.length === 0) return [];
  return db
    .selectFrom('payment_currencies')
    .selectAll()
    .where('payment_method_id', 'in', methodIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function findMethodRow(db: PaymentDb, id: string): Promise<PaymentMethodRow | undefined> {
  return db.selectFrom('payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findCurrencyRow(db: PaymentDb, id: string): Promise<PaymentCurrencyRow | undefined> {
  return db.selectFrom('payment_currencies').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts or leaves alone: seeding must be safe to run on every start. */
export async function insertMethodIfMissing(db: PaymentDb, row: PaymentMethodRow): Promise<void> {
  await db
    .insertInto('payment_methods')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

export async function insertCurrencyIfMissing(db: PaymentDb, row: PaymentCurrencyRow): Promise<void> {
  await db
    .insertInto('payment_currencies')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

type Page = { page: number; pageSize: number };

export async function insertMethodRow(db: PaymentDb, row: PaymentMethodRow): Promise<void> {
  await insertRows(db, 'payment_methods', [row]);
}

export async function updateMethodRow(
  db: PaymentDb,
  id: string,
  patch: Partial<Pick<PaymentMethodRow, 'name' | 'logo' | 'active' | 'settings' | 'default_currency_id'>>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('payment_methods').set(patch).where('id', '=', id).execute();
}

export async function listMethodPage(
  db: PaymentDb,
  filter: { livemode: boolean; active?: boolean | undefined; type?: string | undefined },
  page: Page,
): Promise<{ rows: PaymentMethodRow[]; count: number }> {
  let query = db.selectFrom('payment_methods').where('livemode', '=', toFlag(filter.livemode));
  if (filter.active !== undefined) query = query.where('active', '=', toFlag(filter.active));
  if (filter.type) query = query.where('type', '=', filter.type);
  return newestFirstPage(query, page);
}

export async function insertCurrencyRow(db: PaymentDb, row: PaymentCurrencyRow): Promise<void> {
  await insertRows(db, 'payment_currencies', [row]);
}

export async function updateCurrencyRow(
  db: PaymentDb,
  id: string,
  patch: Partial<Omit<PaymentCurrencyRow, 'id' | 'payment_method_id' | 'livemode' | 'created_at'>>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('payment_currencies').set(patch).where('id', '=', id).execute();
}

export async function listCurrencyPage(
  db: PaymentDb,
  filter: { livemode: boolean; active?: boolean | undefined; methodId?: string | undefined },
  page: Page,
): Promise<{ rows: PaymentCurrencyRow[]; count: number }> {
  let query = db.selectFrom('payment_currencies').where('livemode', '=', toFlag(filter.livemode));
  if (filter.active !== undefined) query = query.where('active', '=', toFlag(filter.active));
  if (filter.methodId) query = query.where('payment_method_id', '=', filter.methodId);
  return newestFirstPage(query, page);
}

/**
 * The oldest active currency of `mode` whose id is `idOrSymbol` or whose symbol it names (any
 * case): how a setting that says "USD" finds the currency a price is in.
 */
export async function findActiveCurrencyRow(
  db: PaymentDb,
  input: { idOrSymbol: string; livemode: boolean },
): Promise<PaymentCurrencyRow | undefined> {
  return db
    .selectFrom('payment_currencies')
    .selectAll()
    .where('active', '=', 1)
    .where('livemode', '=', toFlag(input.livemode))
    .where((eb) =>
      eb.or([
        eb('id', '=', input.idOrSymbol),
        eb(eb.fn('upper', ['symbol']), '=', input.idOrSymbol.toUpperCase()),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
}
