import { createRevisionCounter } from '@bazaar/server-kit';
import { PostgresAdapter } from 'kysely';
import type { Migration } from 'kysely/migration';

export const SESSION_REVISION = 'platform_session_revision';

/**
 * The columns of a user that a session answers (`SessionUser`): a change to any of them must
 * reach every node at once, as must a session's end. `last_login_at` is left out, since each
 * sign-in moves it. session.test.ts fails when a column is added and not listed here or there.
 */
export const SESSION_USER_COLUMNS = ['did', 'name', 'email', 'wallet_address', 'role', 'avatar'] as const;

/** The user service's tables; prefixed `platform_` because every component shares one database. */
export const userServiceMigrations: Record<string, Migration> = {
  '0001_users_and_sessions': {
    async up(db) {
      await db.schema
        .createTable('platform_settings')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('platform_users')
        .addColumn('did', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.unique())
        .addColumn('wallet_address', 'text', (col) => col.unique())
        .addColumn('role', 'text', (col) => col.notNull())
        .addColumn('avatar', 'text')
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('last_login_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('platform_sessions')
        .addColumn('token_hash', 'text', (col) => col.primaryKey())
        .addColumn('user_did', 'text', (col) =>
          col.notNull().references('platform_users.did').onDelete('cascade'),
        )
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('platform_sessions_user_idx')
        .on('platform_sessions')
        .column('user_did')
        .execute();
      await db.schema
        .createTable('platform_nonces')
        .addColumn('nonce', 'text', (col) => col.primaryKey())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('platform_email_codes')
        .addColumn('email', 'text', (col) => col.primaryKey())
        .addColumn('code_hash', 'text', (col) => col.notNull())
        .addColumn('attempts', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();
    },
  },
  '0002_rate_counters_and_expiry_indexes': {
    async up(db) {
      // One row per counted thing (`email-code-attempts:ann@example.com`): how many within the
      // window that ends at expires_at. Shared by every node, unlike in-memory request limits.
      await db.schema
        .createTable('platform_rate_counters')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('count', 'integer', (col) => col.notNull())
        .addColumn('expires_at', 'bigint', (col) => col.notNull())
        .execute();
      // The periodic sweep finds what expired through these, never by scanning a table.
      const tables = [
        'platform_nonces',
        'platform_sessions',
        'platform_email_codes',
        'platform_rate_counters',
      ];
      for (const table of tables) {
        await db.schema.createIndex(`${table}_expires_idx`).on(table).column('expires_at').execute();
      }
    },
  },
  '0003_session_revision': {
    async up(db) {
      // A new session or user cannot be cached yet, so inserts leave the counter alone.
      await createRevisionCounter(db, SESSION_REVISION, [
        { table: 'platform_sessions', on: ['UPDATE', 'DELETE'] },
        { table: 'platform_users', on: ['UPDATE', 'DELETE'], columns: SESSION_USER_COLUMNS },
      ]);
    },
  },
  '0004_user_avatars': {
    async up(db) {
      // The pictures live in the database, not on a node's disk, so every node behind a load
      // balancer serves the same one. `platform_users.avatar` holds the picture's version, which
      // the session answers in the avatar URL; this table holds the bytes under the same version.
      const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
      await db.schema
        .createTable('platform_user_avatars')
        .addColumn('did', 'text', (col) =>
          col.primaryKey().references('platform_users.did').onDelete('cascade'),
        )
        .addColumn('image', isPostgres ? 'bytea' : 'blob', (col) => col.notNull())
        .addColumn('version', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'bigint', (col) => col.notNull())
        .execute();
    },
  },
};
