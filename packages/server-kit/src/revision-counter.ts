import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** Which writes to a table move the counter; `columns` narrows updates to those columns. */
export interface WatchedWrites {
  table: string;
  on: readonly ('INSERT' | 'UPDATE' | 'DELETE')[];
  columns?: readonly string[];
}

/**
 * Creates `counter`, a one-row table whose `revision` triggers move on every committed write the
 * watched tables take, on SQLite and on PostgreSQL. No writer can forget it (the API, a seed, SQL
 * by hand, another node), so a process may keep rows of those tables in memory for as long as the
 * counter reads the same, at the price of one small read per request. Run it in a migration.
 */
export async function createRevisionCounter(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  counter: string,
  watched: readonly WatchedWrites[],
): Promise<void> {
  await db.schema
    .createTable(counter)
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('revision', 'bigint', (col) => col.notNull())
    .execute();
  await db.insertInto(counter).values({ id: 1, revision: 0 }).execute();
  const bump = `UPDATE ${counter} SET revision = revision + 1`;
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql
      .raw(
        `CREATE FUNCTION bump_${counter}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${bump}; RETURN NULL; END $$`,
      )
      .execute(db);
  }
  for (const { table, on, columns } of watched) {
    for (const event of on) {
      const when = `AFTER ${event}${event === 'UPDATE' && columns ? ` OF ${columns.join(', ')}` : ''} ON ${table}`;
      const name = `${table}_${counter}_${event.toLowerCase()}`;
      await sql
        .raw(
          isPostgres
            ? `CREATE TRIGGER ${name} ${when} FOR EACH STATEMENT EXECUTE FUNCTION bump_${counter}()`
            : `CREATE TRIGGER ${name} ${when} BEGIN ${bump}; END`,
        )
        .execute(db);
    }
  }
}

/** Where `counter` stands now. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function readRevision(db: Kysely<any>, counter: string): Promise<number> {
  const row = await db.selectFrom(counter).select('revision').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.revision);
}
