import type { Updateable } from 'kysely';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type ChainTransactionRow = PaymentTables['chain_transactions'];

/** False when the hash or the (intent, attempt) already has a row: nothing is written then. */
export async function insertChainTransactionRow(db: PaymentDb, row: ChainTransactionRow): Promise<boolean> {
  const result = await db
    .insertInto('chain_transactions')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function findChainTransactionByHash(
  db: PaymentDb,
  txHash: string,
): Promise<ChainTransactionRow | undefined> {
  return db.selectFrom('chain_transactions').selectAll().where('tx_hash', '=', txHash).executeTakeFirst();
}

export async function findChainTransactionByAttempt(
  db: PaymentDb,
  input: { paymentIntentId: string; attemptKey: string },
): Promise<ChainTransactionRow | undefined> {
  return db
    .selectFrom('chain_transactions')
    .selectAll()
    .where('payment_intent_id', '=', input.paymentIntentId)
    .where('attempt_key', '=', input.attemptKey)
    .executeTakeFirst();
}

export async function findChainTransactionRow(
  db: PaymentDb,
  id: string,
): Promise<ChainTransactionRow | undefined> {
  return db.selectFrom('chain_transactions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listChainTransactionRowsById(
  db: PaymentDb,
  ids: readonly string[],
): Promise<ChainTransactionRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('chain_transactions')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** The transaction that paid the intent: the payer's transfer or the vault's pull, once mined. */
export async function findPayingChainTransaction(
  db: PaymentDb,
  paymentIntentId: string,
): Promise<ChainTransactionRow | undefined> {
  return db
    .selectFrom('chain_transactions')
    .selectAll()
    .where('payment_intent_id', '=', paymentIntentId)
    .where('kind', 'in', ['transfer', 'pull'])
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
}

/** The latest transaction that pays (or paid) the intent, mined or not: the payer's transfer or the vault's pull. */
export async function findLatestPayingChainTransaction(
  db: PaymentDb,
  paymentIntentId: string,
): Promise<ChainTransactionRow | undefined> {
  return db
    .selectFrom('chain_transactions')
    .selectAll()
    .where('payment_intent_id', '=', paymentIntentId)
    .where('kind', 'in', ['transfer', 'pull'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Pending transactions, the vault's in nonce order (a node takes them in no other), then the
 * ones that waited longest for a look.
 */
export async function listPendingChainTransactionRows(
  db: PaymentDb,
  limit: number,
): Promise<ChainTransactionRow[]> {
  return db
    .selectFrom('chain_transactions')
    .selectAll()
    .where('status', '=', 'pending')
    .orderBy('nonce')
    .orderBy('updated_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Settles a pending row once; false when someone settled it first. */
export async function settleChainTransactionRow(
  db: PaymentDb,
  id: string,
  changes: Updateable<ChainTransactionRow>,
): Promise<boolean> {
  const result = await db
    .updateTable('chain_transactions')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A payer's transfer that paid nothing: what it sent is going back. */
export async function markChainTransactionReturned(db: PaymentDb, id: string, now: number): Promise<void> {
  await db
    .updateTable('chain_transactions')
    .set({ status: 'returned', updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function touchChainTransactionRow(db: PaymentDb, id: string, now: number): Promise<void> {
  await db.updateTable('chain_transactions').set({ updated_at: now }).where('id', '=', id).execute();
}

/**
 * Hands out the vault's next nonce: never below what the chain already counts (the vault may
 * have sent transactions of its own), and never the same twice, because the row is updated in
 * the caller's transaction (a row lock on PostgreSQL, the single writer on SQLite).
 */
export async function takeVaultNonce(
  db: PaymentDb,
  input: { vault: string; chainNonce: number },
): Promise<number> {
  await db
    .insertInto('chain_vault_nonces')
    .values({ vault: input.vault, next_nonce: input.chainNonce })
    .onConflict((conflict) => conflict.column('vault').doNothing())
    .execute();
  const row = await db
    .updateTable('chain_vault_nonces')
    .set((eb) => ({ next_nonce: eb('next_nonce', '+', 1) }))
    .where('vault', '=', input.vault)
    .returning('next_nonce')
    .executeTakeFirstOrThrow();
  const taken = row.next_nonce - 1;
  if (taken >= input.chainNonce) return taken;
  // The chain is ahead of us: skip to its count.
  await db
    .updateTable('chain_vault_nonces')
    .set({ next_nonce: input.chainNonce + 1 })
    .where('vault', '=', input.vault)
    .execute();
  return input.chainNonce;
}
