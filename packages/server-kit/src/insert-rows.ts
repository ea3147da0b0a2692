import { CompiledQuery, type Insertable, type Kysely } from 'kysely';

const CACHED_STATEMENTS_PER_DIALECT = 200;

/** The insert statements built so far, per dialect (its adapter): `table|columns|rows` → SQL. */
const statements = new WeakMap<object, Map<string, string>>();

type PlainValue = string | number | bigint | boolean | null | Uint8Array;

function isPlainValue(value: unknown): value is PlainValue {
  return value === null || typeof value !== 'object' || value instanceof Uint8Array;
}

/**
 * Inserts `rows` into `table`, building the statement once per table, column list and row
 * count. Kysely parses and compiles every insert anew, which for a row of thirty columns cost
 * more than SQLite took to write it. Rows that are not all plain values in the same columns
 * (a column missing or undefined, a Date), and any insert on a Kysely with plugins, go through
 * Kysely as usual.
 */
export async function insertRows<DB, T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: readonly Insertable<NoInfer<DB>[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const executor = db.getExecutor();
  // A plugin sees each query as it is built (to rewrite or observe it), so it gets Kysely's.
  if (executor.plugins.length > 0) return insertThroughKysely(db, table, rows);
  const columns = Object.keys(rows[0]!);
  const parameters: unknown[] = [];
  for (const row of rows as readonly Record<string, unknown>[]) {
    if (Object.keys(row).length !== columns.length) return insertThroughKysely(db, table, rows);
    for (const column of columns) {
      const value = row[column];
      if (value === undefined || !isPlainValue(value)) return insertThroughKysely(db, table, rows);
      parameters.push(value);
    }
  }
  let built = statements.get(executor.adapter);
  if (!built) statements.set(executor.adapter, (built = new Map()));
  const key = `${table}|${columns.join(',')}|${rows.length}`;
  let sql = built.get(key);
  if (sql === undefined) {
    sql = (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto(table)
      .values(rows as Record<string, unknown>[])
      .compile().sql;
    if (built.size >= CACHED_STATEMENTS_PER_DIALECT) built.delete(built.keys().next().value!);
    built.set(key, sql);
  }
  await db.executeQuery(CompiledQuery.raw(sql, parameters));
}

async function insertThroughKysely<DB, T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: readonly Insertable<NoInfer<DB>[T]>[],
): Promise<void> {
  await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .insertInto(table)
    .values(rows as Record<string, unknown>[])
    .execute();
}
