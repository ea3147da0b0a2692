import type { Migration } from 'kysely/migration';

/**
 * Selling paid apps. A price link is the Payment Kit's payment link for one app at one price,
 * currency, mode and store share (a new price or share makes a new link; the old one is turned
 * off). A licence is one paid checkout of such a link, unique by its session so an event heard
 * twice grants once; it records the split of the sale in the currency's smallest unit. Refunds
 * heard for a licence are kept by id, so a refund heard twice counts once. The signing key signs
 * licences; every node reads the one the first node wrote.
 */
export const purchases: Migration = {
  async up(db) {
    await db.schema
      .alterTable('store_settings')
      .addColumn('store_share_percent', 'integer', (col) => col.notNull().defaultTo(30))
      .execute();

    await db.schema
      .createTable('store_signing_keys')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('private_jwk', 'text', (col) => col.notNull())
      .addColumn('public_jwk', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('store_price_links')
      .addColumn('payment_link_id', 'text', (col) => col.primaryKey())
      .addColumn('app_did', 'text', (col) => col.notNull())
      .addColumn('amount', 'text', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('currency_id', 'text', (col) => col.notNull())
      .addColumn('unit_amount', 'text', (col) => col.notNull())
      .addColumn('store_share_percent', 'integer', (col) => col.notNull())
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addUniqueConstraint('store_price_links_terms_key', [
        'app_did',
        'amount',
        'currency',
        'store_share_percent',
        'livemode',
      ])
      .execute();

    await db.schema
      .createTable('store_licences')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('app_did', 'text', (col) => col.notNull())
      .addColumn('buyer_did', 'text', (col) => col.notNull())
      .addColumn('version_range', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('checkout_session_id', 'text', (col) => col.notNull().unique())
      .addColumn('invoice_id', 'text', (col) => col.notNull())
      .addColumn('payment_link_id', 'text', (col) => col.notNull())
      .addColumn('currency_id', 'text', (col) => col.notNull())
      .addColumn('amount_paid', 'text', (col) => col.notNull())
      .addColumn('developer_amount', 'text', (col) => col.notNull())
      .addColumn('store_amount', 'text', (col) => col.notNull())
      .addColumn('refunded_amount', 'text', (col) => col.notNull())
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('token', 'text', (col) => col.notNull())
      .addColumn('issued_at', 'bigint', (col) => col.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('revoked_reason', 'text')
      .execute();
    await db.schema
      .createIndex('store_licences_buyer_idx')
      .on('store_licences')
      .columns(['buyer_did', 'app_did', 'issued_at'])
      .execute();
    await db.schema
      .createIndex('store_licences_invoice_idx')
      .on('store_licences')
      .column('invoice_id')
      .execute();

    await db.schema
      .createTable('store_licence_refunds')
      .addColumn('refund_id', 'text', (col) => col.primaryKey())
      .addColumn('licence_id', 'text', (col) => col.notNull())
      .addColumn('amount', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
  },
};
