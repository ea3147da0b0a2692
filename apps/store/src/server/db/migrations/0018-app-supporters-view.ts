import type { Migration } from 'kysely/migration';

/** How an app's page shows who tipped it (`avatar` or `table`), as its developer chose. */
export const appSupportersView: Migration = {
  async up(db) {
    await db.schema
      .alterTable('store_apps')
      .addColumn('supporters_view', 'text', (col) => col.notNull().defaultTo('avatar'))
      .execute();
  },
};
