import type { Migration } from 'kysely/migration';

/** The review thread of an app version: comments by its developer and the Store's admins only. */
export const appComments: Migration = {
  async up(db) {
    await db.schema
      .createTable('store_app_comments')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('app_did', 'text', (col) => col.notNull())
      .addColumn('version', 'text', (col) => col.notNull())
      .addColumn('author_did', 'text', (col) => col.notNull())
      .addColumn('author_kind', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('store_app_comments_app_idx')
      .on('store_app_comments')
      .columns(['app_did', 'created_at'])
      .execute();
  },
};
