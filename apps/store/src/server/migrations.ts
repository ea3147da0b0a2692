import type { Migration } from 'kysely/migration';

export const storeMigrations: Record<string, Migration> = {
  '0001_categories': {
    async up(db) {
      await db.schema
        .createTable('store_categories')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name_en', 'text', (col) => col.notNull())
        .addColumn('name_zh', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
    },
  },
};
