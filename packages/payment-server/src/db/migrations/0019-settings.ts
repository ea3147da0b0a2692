import type { Migration } from 'kysely/migration';

/**
 * Settings an app keeps for a place it mounts a kit widget at: a donation setting per mount
 * location and mode (its amounts, button, title and beneficiaries, as JSON), which owners and
 * admins turn on and edit.
 */
export const settings: Migration = {
  async up(db) {
    await db.schema
      .createTable('settings')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('mount_location', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull())
      .addColumn('component_did', 'text', (col) => col.notNull())
      .addColumn('active', 'integer', (col) => col.notNull())
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('settings', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addUniqueConstraint('settings_mount_location_key', ['type', 'mount_location', 'livemode'])
      .execute();
  },
};
