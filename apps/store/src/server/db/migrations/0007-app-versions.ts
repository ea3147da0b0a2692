import type { Migration } from 'kysely/migration';

/**
 * Every uploaded version of an app with its review status. `manifest` is the signed manifest as
 * read from the bundle (JSON text), `integrity` the tarball's `sha512-<base64>`, `storage_key`
 * where the bundle storage keeps it. The review queue reads by status and waiting time.
 */
export const appVersions: Migration = {
  async up(db) {
    await db.schema
      .createTable('store_app_versions')
      .addColumn('app_did', 'text', (col) => col.notNull())
      .addColumn('version', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('manifest', 'text', (col) => col.notNull())
      .addColumn('integrity', 'text', (col) => col.notNull())
      .addColumn('size', 'bigint', (col) => col.notNull())
      .addColumn('storage_key', 'text', (col) => col.notNull())
      .addColumn('uploaded_by_token', 'text', (col) => col.notNull())
      .addColumn('uploaded_at', 'bigint', (col) => col.notNull())
      .addColumn('status_changed_at', 'bigint', (col) => col.notNull())
      .addColumn('published_at', 'bigint')
      .addPrimaryKeyConstraint('store_app_versions_pk', ['app_did', 'version'])
      .execute();
    await db.schema
      .createIndex('store_app_versions_status_idx')
      .on('store_app_versions')
      .columns(['status', 'status_changed_at'])
      .execute();
  },
};
