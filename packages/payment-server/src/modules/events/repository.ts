import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type EventRow = PaymentTables['events'];

export async function insertEventRows(db: PaymentDb, rows: readonly EventRow[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('events')
      .values([...rows])
      .execute();
}

export async function listUnrelayedRows(db: PaymentDb, limit: number): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('relayed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('position')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function markRelayed(db: PaymentDb, ids: readonly string[], at: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('events').set({ relayed_at: at }).where('id', 'in', ids).execute();
}
