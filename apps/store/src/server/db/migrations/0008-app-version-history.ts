import type { Migration } from 'kysely/migration';

/**
 * Append-only: one row per status change of an app version (the upload itself is the change from
 * nothing to `draft`). `actor_did` is null when the Store acted on its own (auto-publish).
 */
export const appVersionHistory: Migration = {
  async up(db) {
    await db.schema
      .createTable('store_app_version_history')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('app_did', 'text', (col) => col.notNull())
      .addColumn('version', 'text', (col) => col.notNull())
      .addColumn('from_status', 'text')
      .addColumn('to_status', 'text', (col) => col.notNull())
      .addColumn('actor_did', 'text')
      .addColumn('actor_kind', 'text', (col) => col.notNull())
      .addColumn('reason', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('store_app_version_history_app_idx')
      .on('store_app_version_history')
      .columns(['app_did', 'created_at'])
      .execute();
  },
};
