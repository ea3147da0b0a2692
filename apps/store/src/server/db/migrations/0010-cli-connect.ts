import type { Migration } from 'kysely/migration';

/**
 * Connect sessions of the CLI (and the studio): the CLI's X25519 public key, the digest of its
 * poll secret, and once approved the access token sealed to that key (cleared when the CLI
 * collects it). The token itself is never stored in clear; `token_id` is its public id.
 */
export const cliConnect: Migration = {
  async up(db) {
    await db.schema
      .createTable('store_cli_connect_sessions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('client', 'text', (col) => col.notNull())
      .addColumn('hostname', 'text')
      .addColumn('public_key', 'text', (col) => col.notNull())
      .addColumn('poll_secret_hash', 'text', (col) => col.notNull())
      .addColumn('verification_code', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('decided_at', 'bigint')
      .addColumn('decided_by', 'text')
      .addColumn('token_id', 'text')
      .addColumn('sealed', 'text')
      .execute();
    await db.schema
      .createIndex('store_cli_connect_sessions_expires_idx')
      .on('store_cli_connect_sessions')
      .column('expires_at')
      .execute();
  },
};
