import { insertRows } from '@bazaar/server-kit';
import type { Insertable, Selectable } from 'kysely';
import { insertChunks } from '../../db/insert-chunks.ts';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type NewBalanceTransactionRow = Insertable<PaymentTables['customer_balance_transactions']>;

export async function insertBalanceTransactionRows(
  db: PaymentDb,
  rows: readonly NewBalanceTransactionRow[],
): Promise<void> {
  for (const chunk of insertChunks(rows)) {
    await insertRows(db, 'customer_balance_transactions', chunk);
  }
}

/** The signed amounts of a customer's ledger in one currency (summed in bigint by the caller). */
export async function listBalanceAmounts(
  db: PaymentDb,
  input: { customerId: string; currencyId: string; livemode: number },
): Promise<string[]> {
  const rows = await db
    .selectFrom('customer_balance_transactions')
    .select('amount')
    .where('customer_id', '=', input.customerId)
    .where('currency_id', '=', input.currencyId)
    .where('livemode', '=', input.livemode)
    .execute();
  return rows.map((row) => row.amount);
}

/** The customers' credit ledger entries (sum them per currency for a balance). */
export async function listBalanceRows(
  db: PaymentDb,
  customerIds: readonly string[],
): Promise<
  Pick<Selectable<PaymentTables['customer_balance_transactions']>, 'customer_id' | 'currency_id' | 'amount'>[]
> {
  if (customerIds.length === 0) return [];
  return db
    .selectFrom('customer_balance_transactions')
    .select(['customer_id', 'currency_id', 'amount'])
    .where('customer_id', 'in', [...new Set(customerIds)])
    .execute();
}
