import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type Kysely as KyselyType, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import {
  listenForNotifications,
  type NotificationHandlers,
  type NotificationListener,
} from './pg-notifications.ts';
import { SchemaScopedPostgresDialect } from './pg-schema-introspector.ts';

export type Dialect = 'sqlite' | 'postgres';

// int8 (counts, unix seconds) as numbers; money is never stored in int8 but as text.
pg.types.setTypeParser(20, (value) => Number(value));

export interface Database {
  /** Untyped at the kit level: each component narrows it to its own tables. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: KyselyType<any>;
  dialect: Dialect;
  /** PostgreSQL schema the tables live in (SQLite has none). */
  schema: string | undefined;
  /**
   * PostgreSQL only: the database's NOTIFY channels, which every process on it shares. Channel
   * names are scoped to the schema, so test runs side by side never hear each other.
   */
  notifications?: {
    listen(channel: string, handlers: NotificationHandlers): Promise<NotificationListener>;
    notify(channel: string, payload: string): Promise<void>;
  };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…` for PostgreSQL; otherwise a SQLite file path (or `:memory:`). */
  url: string;
  /** PostgreSQL schema to use (created when missing); lets test runs live side by side. */
  schema?: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(options.url)) return openPostgres(options);
  return openSqlite(options.url);
}

function openSqlite(file: string): Database {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', schema: undefined, close: () => db.destroy() };
}

/**
 * True when a statement failed because a unique index already holds the value: PostgreSQL's
 * SQLSTATE 23505 or SQLite's SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY. An update has no
 * `ON CONFLICT`, so this is how it learns that a concurrent writer won the value.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Runs `deleteBatch(limit)` until a batch deletes fewer than `batchSize` rows: a sweep over a
 * large backlog then holds its locks for many short statements, never one long one.
 */
export async function deleteInBatches(
  batchSize: number,
  deleteBatch: (limit: number) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(batchSize);
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Reuses prepared statements by their SQL text (most queries repeat theirs), the last 500 used.
 * Kysely prepares every query anew, and better-sqlite3 frees a statement's native memory (about
 * 4 KB) only when V8 collects the object, which does not see that memory: a busy process grew
 * by gigabytes before a collection came. One connection runs one statement at a time, so a
 * shared statement is never in use twice.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = cache.get(sql);
      if (statement) cache.delete(sql);
      else statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}

async function openPostgres({ url, schema, poolSize = 10 }: DatabaseOptions): Promise<Database> {
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replaceAll('"', '')}"`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(schema ? { options: `-c search_path="${schema.replaceAll('"', '')}"` } : {}),
  });
  const db = new Kysely({ dialect: new SchemaScopedPostgresDialect({ pool }) });
  const scoped = (channel: string) => (schema ? `${channel}:${schema}` : channel);
  return {
    db,
    dialect: 'postgres',
    schema: schema ?? 'public',
    notifications: {
      listen: (channel, handlers) => listenForNotifications({ ...handlers, url, channel: scoped(channel) }),
      async notify(channel, payload) {
        await pool.query('select pg_notify($1, $2)', [scoped(channel), payload]);
      },
    },
    close: () => db.destroy(),
  };
}
