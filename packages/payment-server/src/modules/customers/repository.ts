import { sql, type Insertable, type Selectable } from 'kysely';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type CustomerRow = Selectable<PaymentTables['customers']>;

export async function findCustomerRowByDid(db: PaymentDb, did: string, livemode: boolean) {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('did', '=', did)
    .where('livemode', '=', livemode ? 1 : 0)
    .executeTakeFirst();
}

export async function findCustomerRow(db: PaymentDb, id: string) {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One customer per (did, livemode): a concurrent first purchase updates the row the other created. */
export async function upsertCustomerRow(
  db: PaymentDb,
  row: Insertable<PaymentTables['customers']>,
): Promise<CustomerRow> {
  return db
    .insertInto('customers')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['did', 'livemode']).doUpdateSet({
        name: row.name,
        email: row.email,
        phone: row.phone,
        address: row.address,
        updated_at: row.updated_at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Advances the customer's invoice counter under the row lock and returns the new value. */
export async function nextInvoiceSequence(db: PaymentDb, customerId: string): Promise<CustomerRow> {
  return db
    .updateTable('customers')
    .set({ invoice_sequence: sql<number>`invoice_sequence + 1` })
    .where('id', '=', customerId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
