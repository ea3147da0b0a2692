import type { Migration } from 'kysely/migration';

/**
 * Where installed copies of an app run, as each reported itself with a report signed by the
 * app's key: one row per app and origin, replaced only by a newer report.
 */
export const appInstances: Migration = {
  async up(db) {
    await db.schema
      .createTable('store_app_instances')
      .addColumn('app_did', 'text', (col) => col.notNull())
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('owner', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('reported_at', 'bigint', (col) => col.notNull())
      .addColumn('first_reported_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('store_app_instances_pk', ['app_did', 'url'])
      .execute();
    await db.schema
      .createIndex('store_app_instances_recent_idx')
      .on('store_app_instances')
      .columns(['app_did', 'reported_at'])
      .execute();
  },
};
