import type { Migration } from 'kysely/migration';

/**
 * Public comments on app pages, and their replies (`parent_id`, one level deep). A deleted
 * comment keeps its row with its text and name erased (`deleted_at`): its replies still hang
 * from it, and the rate limit still counts it. The indexes serve the page's list (an app's
 * top-level comments, newest first), a comment's replies, and the rate limit's count of what one
 * author posted lately.
 */
export const comments: Migration = {
  async up(db) {
    await db.schema
      .createTable('store_comments')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('app_did', 'text', (col) => col.notNull())
      .addColumn('parent_id', 'text')
      .addColumn('author_did', 'text', (col) => col.notNull())
      .addColumn('author_name', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('deleted_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('store_comments_app_idx')
      .on('store_comments')
      .columns(['app_did', 'parent_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('store_comments_parent_idx')
      .on('store_comments')
      .columns(['parent_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('store_comments_author_idx')
      .on('store_comments')
      .columns(['author_did', 'created_at'])
      .execute();
  },
};
