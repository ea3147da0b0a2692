import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Downloads are rolled up after they are counted rather than in the same transaction: a client's
 * row goes in alone (it touches no row any other download touches), and a rollup moves the
 * rows not yet `rolled_up` into the day's counts and the app's total. Rows written before this
 * migration were counted when written (at most two days' rows: the rest are swept). The partial
 * index holds only what is waiting.
 */
export const downloadRollup: Migration = {
  async up(db) {
    await db.schema
      .alterTable('store_download_clients')
      .addColumn('rolled_up', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.updateTable('store_download_clients').set({ rolled_up: 1 }).execute();
    await db.schema
      .createIndex('store_download_clients_waiting')
      .on('store_download_clients')
      .columns(['day', 'app_did', 'version', 'client_key'])
      .where(sql.ref('rolled_up'), '=', 0)
      .execute();
  },
};
