import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * No two categories share an English or a Chinese name, in any letter case: the service checks
 * first to name the field, and these indexes settle two admins adding the same name at once.
 */
export const categoryNames: Migration = {
  async up(db) {
    await db.schema
      .createIndex('store_categories_name_en_key')
      .on('store_categories')
      .unique()
      .expression(sql`lower(name_en)`)
      .execute();
    await db.schema
      .createIndex('store_categories_name_zh_key')
      .on('store_categories')
      .unique()
      .expression(sql`lower(name_zh)`)
      .execute();
  },
};
