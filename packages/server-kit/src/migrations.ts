import { Migrator, type Migration } from 'kysely/migration';
import type { Database } from './database.ts';

/**
 * Runs one component's migrations. Each component keeps its own migration table, so the
 * user service, the Payment Kit and the Store share a database without sharing a history.
 * Migrations are written once with Kysely's schema builder and run on both dialects.
 */
export async function migrate(
  database: Database,
  component: string,
  migrations: Record<string, Migration>,
): Promise<void> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: `${component}_migrations`,
    migrationLockTableName: `${component}_migrations_lock`,
    // Without a schema Kysely looks for its tables in every schema, and would take another
    // schema's migration table (another test run's) for this one's.
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration of ${component} failed at ${failed?.migrationName ?? '?'}`, { cause: error });
  }
}
