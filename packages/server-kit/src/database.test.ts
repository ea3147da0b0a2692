import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isUniqueViolation, openDatabase, type Database } from './database.ts';
import { openTestDatabase, TEST_DIALECTS } from './testing.ts';

describe('SQLite statements reused by their text', () => {
  let dir: string;
  let database: Database;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bazaar-db-'));
    database = await openDatabase({ url: join(dir, 'test.db') });
    await database.db.schema.createTable('notes').addColumn('id', 'text').addColumn('body', 'text').execute();
  });
  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers each run with its own parameters, also past the cache size', async () => {
    for (let index = 0; index < 600; index += 1) {
      await database.db
        .insertInto('notes')
        .values({ id: `n${index}`, body: `body ${index}` })
        .execute();
      // A text of its own each time: the cache evicts, and evicted statements must still work.
      await database.db
        .selectFrom('notes')
        .select('id')
        .where(
          'id',
          'in',
          Array.from({ length: (index % 550) + 1 }, (_, n) => `n${n}`),
        )
        .execute();
    }
    const rows = await database.db.selectFrom('notes').selectAll().where('id', '=', 'n599').execute();
    expect(rows).toEqual([{ id: 'n599', body: 'body 599' }]);
    expect((await database.db.selectFrom('notes').selectAll().where('id', '=', 'n7').execute())[0]).toEqual({
      id: 'n7',
      body: 'body 7',
    });
  });

  it('sees a column added after the statement was first prepared', async () => {
    const read = () => database.db.selectFrom('notes').selectAll().execute();
    await database.db.insertInto('notes').values({ id: 'a', body: 'x' }).execute();
    expect(await read()).toEqual([{ id: 'a', body: 'x' }]);
    await database.db.schema.alterTable('notes').addColumn('tag', 'text').execute();
    expect(await read()).toEqual([{ id: 'a', body: 'x', tag: null }]);
  });
});

describe.each(TEST_DIALECTS)('unique violations on %s', (dialect) => {
  let database: Database;

  beforeEach(async () => {
    database = await openTestDatabase(dialect);
    await database.db.schema
      .createTable('handles')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('handle', 'text', (col) => col.unique())
      .execute();
    await database.db
      .insertInto('handles')
      .values([
        { id: 'a', handle: 'ann' },
        { id: 'b', handle: null },
      ])
      .execute();
  });
  afterEach(async () => {
    await database.close();
  });

  const failure = (statement: Promise<unknown>) =>
    statement.then(
      () => null,
      (error: unknown) => error,
    );

  it('tells a taken unique value or key from other failures', async () => {
    const update = database.db.updateTable('handles').set({ handle: 'ann' }).where('id', '=', 'b').execute();
    expect(isUniqueViolation(await failure(update))).toBe(true);
    const insert = database.db.insertInto('handles').values({ id: 'a', handle: 'bob' }).execute();
    expect(isUniqueViolation(await failure(insert))).toBe(true);
    const missingTable = database.db.selectFrom('nothing').selectAll().execute();
    expect(isUniqueViolation(await failure(missingTable))).toBe(false);
  });
});
