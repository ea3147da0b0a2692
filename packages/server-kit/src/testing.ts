import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { randomToken } from '@bazaar/schemas';
import { openDatabase, type Database, type Dialect } from './database.ts';

export const TEST_DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A fresh, empty database of the given dialect: a temporary SQLite file, or a PostgreSQL schema
 * of its own so parallel test files and CI runs never see each other. `close()` removes it.
 */
export async function openTestDatabase(dialect: Dialect): Promise<Database> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bazaar-test-'));
    const database = await openDatabase({ url: join(dir, 'test.db') });
    return {
      ...database,
      async close() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomToken(12).toLowerCase()}`;
  const database = await openDatabase({ url: TEST_POSTGRES_URL, schema, poolSize: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    },
  };
}
