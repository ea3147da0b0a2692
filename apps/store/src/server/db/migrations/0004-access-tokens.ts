import type { Migration } from 'kysely/migration';

/**
 * Developers' access tokens for the CLI. The id is the token's public part; only the sha256 of
 * its secret part is kept. Scopes are a JSON list.
 */
export const accessTokens: Migration = {
  async up(db) {
    await db.schema
      .createTable('store_access_tokens')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('owner_did', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('scopes', 'text', (col) => col.notNull())
      .addColumn('secret_hash', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('last_used_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('store_access_tokens_owner_idx')
      .on('store_access_tokens')
      .columns(['owner_did', 'created_at', 'id'])
      .execute();
  },
};
