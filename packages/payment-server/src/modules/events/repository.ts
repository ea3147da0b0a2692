import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type EventRow = PaymentTables['events'];

export async function insertEventRows(db: PaymentDb, rows: readonly EventRow[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('events')
      .values([...rows])
      .execute();
}

/** Where the events of second `at` continue: one past the last position written in it. */
export async function nextEventPosition(db: PaymentDb, at: number): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('created_at', '=', at)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
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
