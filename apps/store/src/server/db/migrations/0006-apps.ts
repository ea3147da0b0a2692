import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Apps, one row per app DID (`did:key:…`), bound at its first upload to the developer who made
 * it. Title, description and logo follow the latest upload, for lists; the version pointers name
 * the published (`current_version`) and the latest uploaded (`latest_version`) versions. No two
 * apps share a name in any letter case: the unique index settles two first uploads at once.
 */
export const apps: Migration = {
  async up(db) {
    await db.schema
      .createTable('store_apps')
      .addColumn('did', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('owner_did', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('logo', 'text')
      .addColumn('category', 'text')
      .addColumn('visibility', 'text', (col) => col.notNull().defaultTo('public'))
      .addColumn('auto_publish', 'integer', (col) => col.notNull())
      .addColumn('review_type', 'text', (col) => col.notNull())
      .addColumn('blocked_at', 'bigint')
      .addColumn('blocked_reason', 'text')
      .addColumn('blocked_by', 'text')
      .addColumn('current_version', 'text')
      .addColumn('latest_version', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('store_apps_name_key')
      .on('store_apps')
      .unique()
      .expression(sql`lower(name)`)
      .execute();
    await db.schema
      .createIndex('store_apps_owner_idx')
      .on('store_apps')
      .columns(['owner_did', 'updated_at'])
      .execute();
  },
};
