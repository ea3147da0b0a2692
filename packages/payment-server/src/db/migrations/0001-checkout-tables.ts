import type { Migration } from 'kysely/migration';

/** The thin checkout path: catalogue, links, methods, customers, sessions, intents, invoices, outbox. */
export const checkoutTables: Migration = {
  async up(db) {
    await db.schema
      .createTable('payment_methods')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('logo', 'text', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => col.notNull())
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('settings', 'text', (col) => col.notNull())
      .addColumn('default_currency_id', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('payment_currencies')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('payment_method_id', 'text', (col) => col.notNull().references('payment_methods.id'))
      .addColumn('symbol', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('logo', 'text', (col) => col.notNull())
      .addColumn('decimal', 'integer', (col) => col.notNull())
      .addColumn('maximum_precision', 'integer', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => col.notNull())
      .addColumn('contract', 'text')
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('products')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('images', 'text', (col) => col.notNull())
      .addColumn('unit_label', 'text')
      .addColumn('statement_descriptor', 'text')
      .addColumn('active', 'integer', (col) => col.notNull())
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('prices')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('product_id', 'text', (col) => col.notNull().references('products.id'))
      .addColumn('active', 'integer', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('currency_id', 'text', (col) => col.notNull().references('payment_currencies.id'))
      .addColumn('unit_amount', 'text')
      .addColumn('custom_unit_amount', 'text')
      .addColumn('currency_options', 'text', (col) => col.notNull())
      .addColumn('recurring', 'text')
      .addColumn('quantity_available', 'integer', (col) => col.notNull())
      .addColumn('quantity_sold', 'integer', (col) => col.notNull())
      .addColumn('quantity_limit_per_checkout', 'integer', (col) => col.notNull())
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('payment_links')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => col.notNull())
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('currency_id', 'text', (col) => col.notNull().references('payment_currencies.id'))
      .addColumn('line_items', 'text', (col) => col.notNull())
      .addColumn('submit_type', 'text', (col) => col.notNull())
      .addColumn('phone_number_collection', 'integer', (col) => col.notNull())
      .addColumn('billing_address_collection', 'text', (col) => col.notNull())
      .addColumn('cross_sell_behavior', 'text', (col) => col.notNull())
      .addColumn('subscription_data', 'text')
      .addColumn('after_completion', 'text', (col) => col.notNull())
      .addColumn('donation_settings', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('customers')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('did', 'text', (col) => col.notNull())
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('phone', 'text', (col) => col.notNull())
      .addColumn('address', 'text', (col) => col.notNull())
      .addColumn('metadata', 'text', (col) => col.notNull())
      .addColumn('invoice_prefix', 'text', (col) => col.notNull())
      .addColumn('invoice_sequence', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addUniqueConstraint('customers_did_livemode_unique', ['did', 'livemode'])
      .execute();

    await db.schema
      .createTable('checkout_sessions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('payment_link_id', 'text', (col) => col.references('payment_links.id'))
      .addColumn('mode', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('payment_status', 'text', (col) => col.notNull())
      .addColumn('submit_type', 'text', (col) => col.notNull())
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('currency_id', 'text', (col) => col.notNull())
      .addColumn('line_items', 'text', (col) => col.notNull())
      .addColumn('amount_subtotal', 'text', (col) => col.notNull())
      .addColumn('amount_total', 'text', (col) => col.notNull())
      .addColumn('customer_id', 'text')
      .addColumn('invoice_id', 'text')
      .addColumn('subscription_id', 'text')
      .addColumn('payment_intent_id', 'text')
      .addColumn('phone_number_collection', 'integer', (col) => col.notNull())
      .addColumn('billing_address_collection', 'text', (col) => col.notNull())
      .addColumn('cross_sell_behavior', 'text', (col) => col.notNull())
      .addColumn('subscription_data', 'text')
      .addColumn('success_url', 'text')
      .addColumn('inventory_reserved', 'integer', (col) => col.notNull())
      .addColumn('metadata', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('payment_intents')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('amount', 'text', (col) => col.notNull())
      .addColumn('amount_received', 'text', (col) => col.notNull())
      .addColumn('currency_id', 'text', (col) => col.notNull())
      .addColumn('payment_method_id', 'text', (col) => col.notNull())
      .addColumn('customer_id', 'text')
      .addColumn('invoice_id', 'text')
      .addColumn('checkout_session_id', 'text')
      .addColumn('client_secret', 'text', (col) => col.notNull())
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('last_payment_error', 'text')
      .addColumn('payment_details', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('invoices')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('number', 'text', (col) => col.notNull().unique())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('billing_reason', 'text', (col) => col.notNull())
      .addColumn('customer_id', 'text', (col) => col.notNull().references('customers.id'))
      .addColumn('subscription_id', 'text')
      .addColumn('checkout_session_id', 'text')
      .addColumn('payment_intent_id', 'text')
      .addColumn('currency_id', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('subtotal', 'text', (col) => col.notNull())
      .addColumn('total', 'text', (col) => col.notNull())
      .addColumn('amount_due', 'text', (col) => col.notNull())
      .addColumn('amount_paid', 'text', (col) => col.notNull())
      .addColumn('amount_remaining', 'text', (col) => col.notNull())
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('paid_at', 'bigint')
      .execute();
    await db.schema.createIndex('invoices_customer_idx').on('invoices').column('customer_id').execute();

    await db.schema
      .createTable('invoice_lines')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('invoice_id', 'text', (col) => col.notNull().references('invoices.id'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('price_id', 'text')
      .addColumn('quantity', 'integer', (col) => col.notNull())
      .addColumn('unit_amount', 'text', (col) => col.notNull())
      .addColumn('amount', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('invoice_lines_invoice_idx')
      .on('invoice_lines')
      .column('invoice_id')
      .execute();

    await db.schema
      .createTable('events')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('data', 'text', (col) => col.notNull())
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('relayed_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('events_relayed_idx')
      .on('events')
      .columns(['relayed_at', 'created_at'])
      .execute();
  },
};
