import type { Migration } from 'kysely/migration';

/**
 * Counting bundle downloads honestly: once per client per version per UTC day.
 *
 * - `store_download_clients`: who downloaded what on which day, one row per client, version and
 *   day; the primary key is the dedupe (an insert that conflicts counts nothing). `client_key` is
 *   the signed-in user's DID or a salted hash of a guest's address and browser, never the address.
 *   Rows older than two days are swept; the key's first column is the day, so the sweep reads a
 *   range of it.
 * - `store_download_days`: the counts per app, version and day, kept for good; keyed app first,
 *   so an app's series is one range.
 * - `store_download_salts`: a random salt per UTC day for guests' client keys, swept with the
 *   client rows: once a day's salt is gone, its hashes cannot be tied to an address again.
 */
export const downloads: Migration = {
  async up(db) {
    await db.schema
      .createTable('store_download_clients')
      .addColumn('day', 'text', (col) => col.notNull())
      .addColumn('app_did', 'text', (col) => col.notNull())
      .addColumn('version', 'text', (col) => col.notNull())
      .addColumn('client_key', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('store_download_clients_pk', ['day', 'app_did', 'version', 'client_key'])
      .execute();
    await db.schema
      .createTable('store_download_days')
      .addColumn('app_did', 'text', (col) => col.notNull())
      .addColumn('day', 'text', (col) => col.notNull())
      .addColumn('version', 'text', (col) => col.notNull())
      .addColumn('count', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('store_download_days_pk', ['app_did', 'day', 'version'])
      .execute();
    await db.schema
      .createTable('store_download_salts')
      .addColumn('day', 'text', (col) => col.primaryKey())
      .addColumn('salt', 'text', (col) => col.notNull())
      .execute();
  },
};
