import type { Migration } from 'kysely/migration';

/** Events written by one transaction share a second; `position` keeps them in the order they happened. */
export const eventPosition: Migration = {
  async up(db) {
    await db.schema
      .alterTable('events')
      .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  },
};
