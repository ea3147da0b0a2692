import type { Migration } from 'kysely/migration';

/** The Store's settings: one row (`id = 'store'`), absent until an admin first changes them. */
export const settings: Migration = {
  async up(db) {
    await db.schema
      .createTable('store_settings')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('permission_mode', 'text', (col) => col.notNull())
      .addColumn('stake_amount', 'text', (col) => col.notNull())
      .addColumn('stake_currency', 'text', (col) => col.notNull())
      .addColumn('default_review_type', 'text', (col) => col.notNull())
      .addColumn('max_bundle_size_mb', 'integer', (col) => col.notNull())
      .addColumn('auto_publish_default', 'integer', (col) => col.notNull())
      .addColumn('updated_by', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
  },
};
