import type { Migration } from 'kysely/migration';

/**
 * Events written in the same second continue the second's `position`, even across several
 * writes in one transaction; finding where a second stands is then an index lookup.
 */
export const eventOrder: Migration = {
  async up(db) {
    await db.schema
      .createIndex('events_created_position_idx')
      .on('events')
      .columns(['created_at', 'position'])
      .execute();
  },
};
