import type { Migration } from 'kysely/migration';
import { addColumn } from './add-column.ts';

/**
 * The catalogue's full price model (tiers, upsell), per-link session lifetime, and invoice due
 * dates (past-due invoices limit a customer's new purchases).
 */
export const catalogueFields: Migration = {
  async up(db) {
    await addColumn(db, 'prices', 'billing_scheme', 'text', 'per_unit');
    await addColumn(db, 'prices', 'tiers_mode', 'text');
    await addColumn(db, 'prices', 'tiers', 'text');
    await addColumn(db, 'prices', 'upsells_to_id', 'text');
    await addColumn(db, 'prices', 'nickname', 'text', '');
    await addColumn(db, 'prices', 'metadata', 'text', '{}');
    await addColumn(db, 'products', 'metadata', 'text', '{}');
    await addColumn(db, 'payment_links', 'expires_after_seconds', 'integer', 86_400);
    await addColumn(db, 'payment_links', 'metadata', 'text', '{}');
    await addColumn(db, 'invoices', 'due_date', 'bigint');
    await db.schema.createIndex('prices_product_idx').on('prices').column('product_id').execute();
    await db.schema
      .createIndex('invoices_customer_status_idx')
      .on('invoices')
      .columns(['customer_id', 'status'])
      .execute();
  },
};
