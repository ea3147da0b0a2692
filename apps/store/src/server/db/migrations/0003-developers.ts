import type { Migration } from 'kysely/migration';

/**
 * Developers (the Store's own record of who may publish, keyed by the platform user's DID), the
 * append-only history of their status, and the invitations admins send. An invitation keeps
 * only the sha256 of its token, unique so the token finds its invitation.
 */
export const developers: Migration = {
  async up(db) {
    await db.schema
      .createTable('store_developers')
      .addColumn('did', 'text', (col) => col.primaryKey())
      .addColumn('username', 'text', (col) => col.notNull())
      .addColumn('developer_since', 'bigint', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('revoked_reason', 'text')
      .addColumn('revoked_at', 'bigint')
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('store_developers_newest_idx')
      .on('store_developers')
      .columns(['developer_since', 'did'])
      .execute();

    await db.schema
      .createTable('store_developer_history')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('developer_did', 'text', (col) => col.notNull())
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('via', 'text')
      .addColumn('reason', 'text')
      .addColumn('actor_did', 'text', (col) => col.notNull())
      .addColumn('invitation_id', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('store_developer_history_developer_idx')
      .on('store_developer_history')
      .columns(['developer_did', 'created_at'])
      .execute();

    await db.schema
      .createTable('store_invitations')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('email', 'text')
      .addColumn('did', 'text')
      .addColumn('note', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('invited_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('accepted_at', 'bigint')
      .addColumn('accepted_by', 'text')
      .addColumn('cancelled_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('store_invitations_newest_idx')
      .on('store_invitations')
      .columns(['created_at', 'id'])
      .execute();
  },
};
