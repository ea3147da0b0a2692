import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { openTestDatabase } from './testing.ts';

describe('PostgreSQL introspection', () => {
  const opened: Database[] = [];
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
  });

  it("sees only its own schema's tables, and survives another schema being dropped", async () => {
    const [mine, other] = [await openTestDatabase('postgres'), await openTestDatabase('postgres')];
    opened.push(mine);
    await mine.db.schema
      .createTable('widgets')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .execute();
    await other.db.schema.createTable('gadgets').addColumn('id', 'integer').execute();
    await other.close();

    const tables = await mine.db.introspection.getTables();
    expect(tables.map((table) => [table.schema, table.name])).toEqual([[mine.schema, 'widgets']]);
    expect(tables[0]!.columns).toEqual([
      expect.objectContaining({ name: 'id', dataType: 'text', isNullable: false }),
    ]);
  });
});
