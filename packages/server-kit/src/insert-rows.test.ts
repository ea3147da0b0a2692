import type { Generated, Kysely, KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { insertRows } from './insert-rows.ts';
import { openTestDatabase, TEST_DIALECTS } from './testing.ts';

interface Tables {
  notes: { id: string; body: string | null; stars: Generated<number>; created_at: number };
}

describe.each(TEST_DIALECTS)('insertRows on %s', (dialect) => {
  let database: Database;
  let db: Kysely<Tables>;

  beforeEach(async () => {
    database = await openTestDatabase(dialect);
    db = database.db as Kysely<Tables>;
    await db.schema
      .createTable('notes')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('body', 'text')
      .addColumn('stars', 'integer', (column) => column.notNull().defaultTo(5))
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .execute();
  });
  afterEach(() => database.close());

  const all = () => db.selectFrom('notes').selectAll().orderBy('id').execute();

  it('stores each call its own values, though the statement is built once', async () => {
    for (let index = 0; index < 3; index += 1) {
      await insertRows(db, 'notes', [
        { id: `n${index}`, body: `body ${index}`, stars: index, created_at: 100 + index },
      ]);
    }
    expect(await all()).toEqual([
      { id: 'n0', body: 'body 0', stars: 0, created_at: 100 },
      { id: 'n1', body: 'body 1', stars: 1, created_at: 101 },
      { id: 'n2', body: 'body 2', stars: 2, created_at: 102 },
    ]);
  });

  it('puts each value in its column whatever order the keys of a row come in', async () => {
    await insertRows(db, 'notes', [
      { id: 'a', body: null, stars: 1, created_at: 10 },
      { created_at: 20, stars: 2, body: 'second', id: 'b' },
    ]);
    await insertRows(db, 'notes', [{ stars: 3, created_at: 30, id: 'c', body: 'third' }]);
    expect(await all()).toEqual([
      { id: 'a', body: null, stars: 1, created_at: 10 },
      { id: 'b', body: 'second', stars: 2, created_at: 20 },
      { id: 'c', body: 'third', stars: 3, created_at: 30 },
    ]);
  });

  it('lets a column left out or undefined take its default', async () => {
    await insertRows(db, 'notes', [{ id: 'a', body: 'x', created_at: 1 }]);
    await insertRows(db, 'notes', [
      { id: 'b', body: 'y', stars: undefined, created_at: 2 },
      { id: 'c', body: 'z', created_at: 3 },
    ]);
    expect(await all()).toEqual([
      { id: 'a', body: 'x', stars: 5, created_at: 1 },
      { id: 'b', body: 'y', stars: 5, created_at: 2 },
      { id: 'c', body: 'z', stars: 5, created_at: 3 },
    ]);
  });

  it('shows the insert to the plugins of the Kysely it is given', async () => {
    const built: string[] = [];
    const observer: KyselyPlugin = {
      transformQuery: ({ node }) => {
        built.push(node.kind);
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    await insertRows(db, 'notes', [{ id: 'a', body: null, stars: 1, created_at: 1 }]);
    await insertRows(db.withPlugin(observer), 'notes', [{ id: 'b', body: null, stars: 1, created_at: 1 }]);
    expect(built).toEqual(['InsertQueryNode']);
    expect((await all()).map((row) => row.id)).toEqual(['a', 'b']);
  });

  it('inserts inside a transaction, and nothing when it rolls back', async () => {
    await db
      .transaction()
      .execute((trx) =>
        insertRows<Tables, 'notes'>(trx, 'notes', [{ id: 'kept', body: null, stars: 1, created_at: 1 }]),
      );
    await expect(
      db.transaction().execute(async (trx) => {
        await insertRows<Tables, 'notes'>(trx, 'notes', [
          { id: 'lost', body: null, stars: 1, created_at: 1 },
        ]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await all()).map((row) => row.id)).toEqual(['kept']);
  });

  it('fails as Kysely would on a duplicate key, leaving the first row', async () => {
    await insertRows(db, 'notes', [{ id: 'a', body: 'first', stars: 1, created_at: 1 }]);
    await expect(
      insertRows(db, 'notes', [{ id: 'a', body: 'second', stars: 1, created_at: 1 }]),
    ).rejects.toThrow();
    expect(await all()).toEqual([{ id: 'a', body: 'first', stars: 1, created_at: 1 }]);
  });
});
