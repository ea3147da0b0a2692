import type { Insertable } from 'kysely';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type NewBalanceTransactionRow = Insertable<PaymentTables['customer_balance_transactions']>;

export async function insertBalanceTransactionRows(
  db: PaymentDb,
  rows: readonly NewBalanceTransactionRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('customer_balance_transactions')
    .values([...rows])
    .execute();
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
