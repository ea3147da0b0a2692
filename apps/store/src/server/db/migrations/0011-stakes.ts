import type { Migration } from 'kysely/migration';

/**
 * Developer stakes, paid through the Payment Kit when the Store admits developers by staking.
 * A stake link is the kit's payment link for one amount, currency and mode; a stake is one paid
 * checkout of such a link, unique by its session so an event heard twice records it once. Both
 * keep the amount in token units and the currency as the settings named them, for people; the
 * kit returns a stake by refunding its invoice whole.
 */
export const stakes: Migration = {
  async up(db) {
    await db.schema
      .createTable('store_stake_links')
      .addColumn('payment_link_id', 'text', (col) => col.primaryKey())
      .addColumn('amount', 'text', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addUniqueConstraint('store_stake_links_terms_key', ['amount', 'currency', 'livemode'])
      .execute();

    await db.schema
      .createTable('store_stakes')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_did', 'text', (col) => col.notNull())
      .addColumn('checkout_session_id', 'text', (col) => col.notNull().unique())
      .addColumn('invoice_id', 'text', (col) => col.notNull())
      .addColumn('amount', 'text', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('currency_id', 'text', (col) => col.notNull())
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('return_after', 'bigint')
      .addColumn('refund_id', 'text')
      .addColumn('reason', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('store_stakes_user_idx')
      .on('store_stakes')
      .columns(['user_did', 'status'])
      .execute();
    await db.schema
      .createIndex('store_stakes_due_idx')
      .on('store_stakes')
      .columns(['status', 'return_after'])
      .execute();
  },
};
