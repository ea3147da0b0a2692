import type { Migration } from 'kysely/migration';
import { addColumn } from './add-column.ts';

/**
 * Donations. `settings`: what an app keeps for a place it mounts the donation widget at, per
 * mount location and mode (amounts, button, title, beneficiaries, as JSON), which owners and
 * admins turn on and edit. `donation_links`: the donation payment link of each target, with the
 * running total and supporter count. `donation_supporters`: one row per customer and link, their
 * donations summed, kept in the transaction that completes each donation, so the supporters list
 * reads a page, never every payment. A checkout remembers how its payer chose to appear.
 */
export const donations: Migration = {
  async up(db) {
    await db.schema
      .createTable('settings')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('mount_location', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('component_did', 'text', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => col.notNull())
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('settings', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addUniqueConstraint('settings_mount_location_key', ['type', 'mount_location', 'livemode'])
      .execute();

    await db.schema
      .createTable('donation_links')
      .addColumn('target', 'text', (col) => col.notNull())
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('payment_link_id', 'text', (col) => col.notNull().unique())
      .addColumn('currency_id', 'text', (col) => col.notNull())
      .addColumn('total_amount', 'text', (col) => col.notNull())
      .addColumn('supporter_count', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('donation_links_pk', ['target', 'livemode'])
      .execute();
    await db.schema
      .createTable('donation_supporters')
      .addColumn('payment_link_id', 'text', (col) => col.notNull())
      .addColumn('customer_id', 'text', (col) => col.notNull())
      .addColumn('amount_total', 'text', (col) => col.notNull())
      // public | name_only | anonymous: the most private the payer ever chose for this link.
      .addColumn('display', 'text', (col) => col.notNull())
      .addColumn('last_payment_intent_id', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('donation_supporters_pk', ['payment_link_id', 'customer_id'])
      .execute();
    await db.schema
      .createIndex('donation_supporters_newest_idx')
      .on('donation_supporters')
      // In the list's order (ties by customer), so a page is read off the index without a sort.
      .columns(['payment_link_id', 'updated_at', 'customer_id'])
      .execute();
    await addColumn(db, 'checkout_sessions', 'supporter_display', 'text');
  },
};
