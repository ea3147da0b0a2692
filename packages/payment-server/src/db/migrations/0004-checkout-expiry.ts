import type { Migration } from 'kysely/migration';

/** The expiry sweeper looks for open sessions past `expires_at` every 30 s; keep that a range scan. */
export const checkoutExpiry: Migration = {
  async up(db) {
    await db.schema
      .createIndex('checkout_sessions_status_expires_idx')
      .on('checkout_sessions')
      .columns(['status', 'expires_at'])
      .execute();
  },
};
