import type { Migration } from 'kysely/migration';

/**
 * The analytics tables, a migration set of their own (`platform_analytics`). Only counts are
 * kept, one row per day, kind, event name and path: no user, network address or user agent is
 * ever stored, so there is nothing personal in them to keep or delete.
 */
export const analyticsMigrations: Record<string, Migration> = {
  '0001_daily_counts': {
    async up(db) {
      // The key starts with the day, so a range of days reads one stretch of the primary key.
      await db.schema
        .createTable('platform_analytics_daily')
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('path', 'text', (col) => col.notNull())
        .addColumn('count', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('platform_analytics_daily_pk', ['day', 'kind', 'name', 'path'])
        .execute();
    },
  },
};
