import { newestFirstPage } from '@bazaar/server-kit';
import type { Insertable, Selectable } from 'kysely';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type UsageRecordRow = Selectable<PaymentTables['usage_records']>;

/**
 * Inserts a record unless its item already has one with the same identifier, then answers the
 * record that identifier holds: the new one, or the first one for a repeat.
 */
export async function insertUsageRecordOnce(
  db: PaymentDb,
  row: Insertable<PaymentTables['usage_records']>,
): Promise<UsageRecordRow> {
  await db
    .insertInto('usage_records')
    .values(row)
    .onConflict((conflict) => conflict.columns(['subscription_item_id', 'identifier']).doNothing())
    .execute();
  return (await findUsageRecordRow(db, row))!;
}

export async function findUsageRecordRow(
  db: PaymentDb,
  key: { subscription_item_id: string; identifier: string },
): Promise<UsageRecordRow | undefined> {
  return db
    .selectFrom('usage_records')
    .selectAll()
    .where('subscription_item_id', '=', key.subscription_item_id)
    .where('identifier', '=', key.identifier)
    .executeTakeFirst();
}

/** The records of some items whose timestamp falls in [from, to). */
export async function listUsageRecordRowsIn(
  db: PaymentDb,
  input: { itemIds: readonly string[]; from: number; to: number },
): Promise<UsageRecordRow[]> {
  if (input.itemIds.length === 0) return [];
  return db
    .selectFrom('usage_records')
    .selectAll()
    .where('subscription_item_id', 'in', [...input.itemIds])
    .where('timestamp', '>=', input.from)
    .where('timestamp', '<', input.to)
    .execute();
}

export async function listUsageRecordPage(
  db: PaymentDb,
  input: { itemId: string; page: number; pageSize: number },
): Promise<{ rows: UsageRecordRow[]; count: number }> {
  return newestFirstPage(
    db.selectFrom('usage_records').where('subscription_item_id', '=', input.itemId),
    input,
  );
}
