import type { Migration } from 'kysely/migration';

/** Shipped before the Store had modules; never edit it (its key stays `0001_categories`). */
export const categories: Migration = {
  async up(db) {
    await db.schema
      .createTable('store_categories')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name_en', 'text', (col) => col.notNull())
      .addColumn('name_zh', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
  },
};
