import type { Migration } from 'kysely/migration';
import { addColumn } from './add-column.ts';

/**
 * Chain payments. Every on-chain transaction a payment relies on is one row: a payer's transfer
 * (reported by the checkout page) or the vault's pull from a payer's allowance. A pull is signed
 * and stored before it is broadcast, with a nonce handed out here, so a crash between the two
 * broadcasts the same transaction again instead of pulling twice. A transaction hash pays one
 * intent only; a pull is made once per (intent, attempt).
 */
export const chainTransactions: Migration = {
  async up(db) {
    await db.schema
      .createTable('chain_transactions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('payment_intent_id', 'text', (col) => col.notNull().references('payment_intents.id'))
      .addColumn('payment_method_id', 'text', (col) => col.notNull().references('payment_methods.id'))
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('attempt_key', 'text', (col) => col.notNull())
      .addColumn('tx_hash', 'text', (col) => col.notNull().unique())
      .addColumn('raw_transaction', 'text')
      .addColumn('nonce', 'integer')
      .addColumn('token', 'text', (col) => col.notNull())
      .addColumn('from_address', 'text')
      .addColumn('to_address', 'text', (col) => col.notNull())
      .addColumn('amount', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('block_number', 'bigint')
      .addColumn('failure_message', 'text')
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addUniqueConstraint('chain_transactions_attempt_unique', ['payment_intent_id', 'attempt_key'])
      .execute();
    await db.schema
      .createIndex('chain_transactions_pending_idx')
      .on('chain_transactions')
      .columns(['status', 'updated_at'])
      .execute();
    await db.schema
      .createTable('chain_vault_nonces')
      .addColumn('vault', 'text', (col) => col.primaryKey())
      .addColumn('next_nonce', 'integer', (col) => col.notNull())
      .execute();
    await addColumn(db, 'subscriptions', 'payer_address', 'text');
  },
};
