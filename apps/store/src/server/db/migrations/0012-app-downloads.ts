import type { Migration } from 'kysely/migration';

/**
 * Every counted download of an app, summed on its row, so the catalogue sorts by downloads
 * without reading the download log. Only the downloads module adds to it, in the transaction
 * that counts the download.
 */
export const appDownloads: Migration = {
  async up(db) {
    await db.schema
      .alterTable('store_apps')
      .addColumn('downloads', 'bigint', (col) => col.notNull().defaultTo(0))
      .execute();
  },
};
