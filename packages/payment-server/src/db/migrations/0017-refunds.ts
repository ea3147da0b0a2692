import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addColumn } from './add-column.ts';

/**
 * Refunds of succeeded payments, by card through the provider (the test network keeps its own) or on chain from the vault (a
 * `refund` chain transaction whose attempt key is the refund's id). Chain transactions keep what
 * their mining cost. Trialing subscriptions remember when `trial_will_end` was announced, so it
 * is announced once.
 */
export const refunds: Migration = {
  async up(db) {
    await db.schema
      .createTable('refunds')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('payment_intent_id', 'text', (col) => col.notNull().references('payment_intents.id'))
      .addColumn('customer_id', 'text')
      .addColumn('invoice_id', 'text')
      .addColumn('subscription_id', 'text')
      .addColumn('amount', 'text', (col) => col.notNull())
      .addColumn('currency_id', 'text', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('failure_message', 'text')
      // The provider's refund id (a card refund), or the vault's chain transaction id.
      .addColumn('provider_ref', 'text')
      .addColumn('attempt_count', 'integer', (col) => col.notNull())
      // System time of the next try at sending it; null once the provider or the vault has it.
      .addColumn('next_attempt_at', 'bigint')
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('refunds_intent_idx')
      .on('refunds')
      .columns(['payment_intent_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('refunds_customer_idx')
      .on('refunds')
      .columns(['customer_id', 'created_at'])
      .execute();
    await db.schema.createIndex('refunds_created_idx').on('refunds').column('created_at').execute();
    // The refund sender's queue: refunds not yet in the provider's or the vault's hands.
    await db.schema
      .createIndex('refunds_unsent_idx')
      .on('refunds')
      .column('next_attempt_at')
      .where(sql.ref('next_attempt_at'), 'is not', null)
      .execute();

    await db.schema
      .createTable('test_card_refunds')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
      .addColumn('payment_intent_id', 'text', (col) => col.notNull())
      .addColumn('amount', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('failure_message', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();

    await addColumn(db, 'chain_transactions', 'gas_price', 'text');
    await addColumn(db, 'chain_transactions', 'gas_used', 'text');

    await addColumn(db, 'subscriptions', 'trial_reminded_at', 'bigint');
    await db.schema
      .createIndex('subscriptions_trial_reminder_idx')
      .on('subscriptions')
      .columns(['test_clock_id', 'trial_end'])
      .where(sql<boolean>`status = 'trialing' and trial_reminded_at is null`)
      .execute();
  },
};
