import { newId } from '@bazaar/schemas';
import { sumAmounts } from '@bazaar/money';
import { toFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import { insertBalanceTransactionRows, listBalanceAmounts, listBalanceRows } from './repository.ts';

/**
 * Why the balance moved (Stripe's names): a plan change left credit over, credit paid part of
 * an invoice, or a voided invoice gave back the credit it had used.
 */
export type BalanceTransactionType = 'proration_credit' | 'applied_to_invoice' | 'unapplied_from_invoice';

export interface BalanceScope {
  customerId: string;
  currencyId: string;
  livemode: boolean;
}

/**
 * The credit a customer holds in one currency, ≥ 0. The ledger is signed as Stripe's: a
 * negative sum is credit, a positive one would be a debt, which nothing writes, so it reads as 0.
 */
export async function getCustomerCredit(db: PaymentDb, scope: BalanceScope): Promise<bigint> {
  return creditOf(await listBalanceAmounts(db, { ...scope, livemode: toFlag(scope.livemode) }));
}

function creditOf(amounts: readonly string[]): bigint {
  const balance = sumAmounts(amounts.map(BigInt));
  return balance < 0n ? -balance : 0n;
}

/** The credit a customer holds in each currency they hold any in, by currency id. */
export async function listCustomerCredits(
  db: PaymentDb,
  customerId: string,
): Promise<{ currencyId: string; amount: bigint }[]> {
  const amounts = new Map<string, string[]>();
  for (const row of await listBalanceRows(db, [customerId])) {
    amounts.set(row.currency_id, [...(amounts.get(row.currency_id) ?? []), row.amount]);
  }
  return [...amounts]
    .map(([currencyId, ledger]) => ({ currencyId, amount: creditOf(ledger) }))
    .filter((credit) => credit.amount > 0n)
    .sort((a, b) => (a.currencyId < b.currencyId ? -1 : 1));
}

/**
 * Writes ledger entries in the caller's transaction (the invoice or plan change they belong to).
 * `amount` is signed: negative adds credit, positive uses it. Zero amounts are skipped.
 */
export async function recordBalanceTransactions(
  db: PaymentDb,
  scope: BalanceScope,
  entries: readonly {
    amount: bigint;
    type: BalanceTransactionType;
    invoiceId: string | null;
    subscriptionId: string | null;
    now: number;
  }[],
): Promise<void> {
  await insertBalanceTransactionRows(
    db,
    entries
      .filter((entry) => entry.amount !== 0n)
      .map((entry) => ({
        id: newId('balanceTransaction'),
        customer_id: scope.customerId,
        currency_id: scope.currencyId,
        amount: entry.amount.toString(),
        type: entry.type,
        invoice_id: entry.invoiceId,
        subscription_id: entry.subscriptionId,
        livemode: toFlag(scope.livemode),
        created_at: entry.now,
      })),
  );
}
