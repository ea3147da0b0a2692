import type { Migration } from 'kysely/migration';
import { sql } from 'kysely';
import { addColumn } from './add-column.ts';

/**
 * The billing engine: subscriptions and their items, metered usage, customer credit, test
 * clocks, and the test card network's saved cards and charges. A renewal invoice is unique per
 * (subscription, period start), so no crash or second worker can bill a period twice.
 */
export const billing: Migration = {
  async up(db) {
    await db.schema
      .createTable('test_clocks')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('frozen_time', 'bigint', (col) => col.notNull())
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('subscriptions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('customer_id', 'text', (col) => col.notNull().references('customers.id'))
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('currency_id', 'text', (col) => col.notNull().references('payment_currencies.id'))
      .addColumn('default_payment_method_id', 'text', (col) => col.notNull().references('payment_methods.id'))
      .addColumn('payment_card', 'text')
      .addColumn('checkout_session_id', 'text')
      .addColumn('billing_cycle_anchor', 'bigint', (col) => col.notNull())
      .addColumn('current_period_start', 'bigint', (col) => col.notNull())
      .addColumn('current_period_end', 'bigint', (col) => col.notNull())
      .addColumn('trial_start', 'bigint')
      .addColumn('trial_end', 'bigint')
      .addColumn('cancel_at_period_end', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('canceled_at', 'bigint')
      .addColumn('ended_at', 'bigint')
      .addColumn('cancelation_details', 'text')
      .addColumn('billing_threshold_amount', 'text', (col) => col.notNull().defaultTo('0'))
      .addColumn('latest_invoice_id', 'text')
      .addColumn('test_clock_id', 'text', (col) => col.references('test_clocks.id'))
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('metadata', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('subscriptions_due_idx')
      .on('subscriptions')
      .columns(['test_clock_id', 'status', 'current_period_end'])
      .execute();
    await db.schema
      .createIndex('subscriptions_customer_idx')
      .on('subscriptions')
      .column('customer_id')
      .execute();

    await db.schema
      .createTable('subscription_items')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('subscription_id', 'text', (col) => col.notNull().references('subscriptions.id'))
      .addColumn('price_id', 'text', (col) => col.notNull().references('prices.id'))
      .addColumn('quantity', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('subscription_items_subscription_idx')
      .on('subscription_items')
      .column('subscription_id')
      .execute();

    await db.schema
      .createTable('usage_records')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('subscription_item_id', 'text', (col) => col.notNull().references('subscription_items.id'))
      .addColumn('quantity', 'bigint', (col) => col.notNull())
      .addColumn('timestamp', 'bigint', (col) => col.notNull())
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('identifier', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addUniqueConstraint('usage_records_identifier_unique', ['subscription_item_id', 'identifier'])
      .execute();
    await db.schema
      .createIndex('usage_records_item_time_idx')
      .on('usage_records')
      .columns(['subscription_item_id', 'timestamp'])
      .execute();

    await db.schema
      .createTable('customer_balance_transactions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('customer_id', 'text', (col) => col.notNull().references('customers.id'))
      .addColumn('currency_id', 'text', (col) => col.notNull())
      .addColumn('amount', 'text', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('invoice_id', 'text')
      .addColumn('subscription_id', 'text')
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('customer_balance_customer_idx')
      .on('customer_balance_transactions')
      .columns(['customer_id', 'currency_id'])
      .execute();

    await db.schema
      .createTable('test_cards')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('customer_id', 'text', (col) => col.notNull())
      .addColumn('brand', 'text', (col) => col.notNull())
      .addColumn('last4', 'text', (col) => col.notNull())
      .addColumn('exp_month', 'integer', (col) => col.notNull())
      .addColumn('exp_year', 'integer', (col) => col.notNull())
      .addColumn('behavior', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('test_card_charges')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
      .addColumn('card_id', 'text', (col) => col.notNull())
      .addColumn('amount', 'text', (col) => col.notNull())
      .addColumn('currency_id', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('failure_code', 'text')
      .addColumn('failure_message', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();

    await addColumn(db, 'customers', 'test_clock_id', 'text');
    await addColumn(db, 'invoices', 'period_start', 'bigint');
    await addColumn(db, 'invoices', 'period_end', 'bigint');
    await addColumn(db, 'invoices', 'attempt_count', 'integer', 0);
    await addColumn(db, 'invoices', 'next_payment_attempt', 'bigint');
    await addColumn(db, 'invoices', 'payment_method_id', 'text');
    await addColumn(db, 'invoices', 'amount_applied', 'text', '0');
    await addColumn(db, 'invoices', 'test_clock_id', 'text');
    await addColumn(db, 'invoice_lines', 'period_start', 'bigint');
    await addColumn(db, 'invoice_lines', 'period_end', 'bigint');
    await addColumn(db, 'invoice_lines', 'proration', 'integer', 0);

    await db.schema
      .createIndex('invoices_subscription_cycle_unique')
      .on('invoices')
      .columns(['subscription_id', 'period_start'])
      .unique()
      .where(sql.ref('billing_reason'), '=', 'subscription_cycle')
      .execute();
    await db.schema
      .createIndex('invoices_collection_idx')
      .on('invoices')
      .columns(['test_clock_id', 'status', 'next_payment_attempt'])
      .execute();
    await db.schema
      .createIndex('invoices_subscription_idx')
      .on('invoices')
      .column('subscription_id')
      .execute();
  },
};
