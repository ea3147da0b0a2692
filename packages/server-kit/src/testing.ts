import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type CompiledQuery, type Kysely, type KyselyPlugin, type QueryId } from 'kysely';
import pg from 'pg';
import { randomToken } from '@bazaar/schemas';
import { openDatabase, type Database, type Dialect } from './database.ts';

export const TEST_DIALECTS: readonly Dialect[] = ['sqlite', 'postgres'];

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The secret with its last character changed. Random secrets sometimes already end in any fixed
 * replacement, so the replacement depends on what is there. */
export function oneCharacterOff(secret: string): string {
  return `${secret.slice(0, -1)}${secret.endsWith('x') ? 'y' : 'x'}`;
}

/** Drops test schemas older than `maxAgeSeconds` (left by runs that were killed before closing). */
export async function dropStaleTestSchemas(maxAgeSeconds: number): Promise<number> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      "SELECT nspname FROM pg_namespace WHERE nspname ~ '^t_[0-9]+_[a-z0-9]+$'",
    );
    const cutoff = Math.floor(Date.now() / 1000) - maxAgeSeconds;
    const stale = rows.map((row) => row.nspname).filter((name) => Number(name.split('_')[1]) < cutoff);
    for (const name of stale) await client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
    return stale.length;
  } finally {
    await client.end();
  }
}

export interface TestDatabase extends Database {
  /** What another process opens it by (`openTestTarget`): the SQLite file, or the PostgreSQL schema. */
  target: string;
}

/**
 * A fresh, empty database of the given dialect: a temporary SQLite file, or a PostgreSQL schema
 * of its own so parallel test files and CI runs never see each other. `close()` removes it.
 */
export async function openTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'bazaar-test-'));
    const target = join(dir, 'test.db');
    const database = await openDatabase({ url: target });
    return {
      ...database,
      target,
      async close() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  // The creation time in the name lets `npm test` sweep schemas that crashed runs left behind.
  const schema = `t_${Math.floor(Date.now() / 1000)}_${randomToken(8).toLowerCase()}`;
  const database = await openDatabase({ url: TEST_POSTGRES_URL, schema, poolSize: 20 });
  return {
    ...database,
    target: schema,
    async close() {
      await database.close();
      const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

/** Opens, in a child process, the database a test opened (`TestDatabase.target`). */
export function openTestTarget(target: string): Promise<Database> {
  return openDatabase(target.endsWith('.db') ? { url: target } : { url: TEST_POSTGRES_URL, schema: target });
}

/**
 * The database's plan for every statement `run` sends through the Kysely instance it is handed,
 * one text per statement, to check that a query finds its rows through an index:
 *   const plans = await explainQueryPlans(database, (db) => sweepNonces(db, now));
 *   expect(plans.join('\n')).toContain('platform_nonces_expires_idx');
 * Tiny test tables make PostgreSQL prefer a sequential scan, so its plans are asked with
 * sequential scans discouraged: an index shows up whenever one fits.
 */
export async function explainQueryPlans(
  database: Database,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  run: (db: Kysely<any>) => Promise<unknown>,
): Promise<string[]> {
  // Builders used as subqueries pass through transformQuery too; only what ran gets a result.
  const compiled = new Map<QueryId, CompiledQuery>();
  const statements: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      compiled.set(queryId, database.db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    async transformResult({ queryId, result }) {
      const statement = compiled.get(queryId);
      if (statement) statements.push(statement);
      return result;
    },
  };
  await run(database.db.withPlugin(recorder));
  return database.db.connection().execute(async (connection) => {
    if (database.dialect === 'postgres') await sql`set enable_seqscan = off`.execute(connection);
    try {
      const plans: string[] = [];
      for (const statement of statements) {
        const prefix = database.dialect === 'sqlite' ? 'explain query plan ' : 'explain ';
        const { rows } = await connection.executeQuery<Record<string, string>>({
          ...statement,
          sql: prefix + statement.sql,
        });
        plans.push(rows.map((row) => row.detail ?? row['QUERY PLAN']).join('\n'));
      }
      return plans;
    } finally {
      if (database.dialect === 'postgres') await sql`reset enable_seqscan`.execute(connection);
    }
  });
}
