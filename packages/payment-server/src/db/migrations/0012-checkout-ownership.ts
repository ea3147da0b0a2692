import type { Migration } from 'kysely/migration';
import { addColumn } from './add-column.ts';

/**
 * A session's client secret proves which browser opened it (only its hash is kept), and stock
 * a submit takes is held until `inventory_held_until`, after which the sweeper gives it back.
 * The sweeper and the per-customer cap read holds by time and by customer: keep both range scans.
 */
export const checkoutOwnership: Migration = {
  async up(db) {
    await addColumn(db, 'checkout_sessions', 'client_secret_hash', 'text');
    await addColumn(db, 'checkout_sessions', 'inventory_held_until', 'bigint');
    await db.schema
      .createIndex('checkout_sessions_held_until_idx')
      .on('checkout_sessions')
      .column('inventory_held_until')
      .execute();
    await db.schema
      .createIndex('checkout_sessions_customer_idx')
      .on('checkout_sessions')
      .columns(['customer_id', 'inventory_held_until'])
      .execute();
  },
};
