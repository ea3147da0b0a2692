import { sql, type Insertable, type Selectable } from 'kysely';
import type { StoreDb, StoreTables } from '../../db/tables.ts';

export type CategoryRow = Selectable<StoreTables['store_categories']>;
type NewCategoryRow = Insertable<StoreTables['store_categories']>;

export async function listCategoryRows(db: StoreDb): Promise<CategoryRow[]> {
  return db.selectFrom('store_categories').selectAll().orderBy('name_en').orderBy('id').execute();
}

export async function findCategoryRow(db: StoreDb, id: string): Promise<CategoryRow | undefined> {
  return db.selectFrom('store_categories').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Categories other than `exceptId` holding either name, compared as the unique indexes compare
 * them (the database's own `lower`, so the check and the index never disagree).
 */
export async function findCategoryRowsNamed(
  db: StoreDb,
  input: { en: string; zh: string; exceptId?: string },
): Promise<CategoryRow[]> {
  return db
    .selectFrom('store_categories')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(sql`lower(name_en)`, '=', sql`lower(${input.en})`),
        eb(sql`lower(name_zh)`, '=', sql`lower(${input.zh})`),
      ]),
    )
    .$if(input.exceptId !== undefined, (query) => query.where('id', '!=', input.exceptId!))
    .execute();
}

/** Throws the database's unique violation when the id or a name is taken. */
export async function insertCategoryRow(db: StoreDb, row: NewCategoryRow): Promise<void> {
  await db.insertInto('store_categories').values(row).execute();
}

/** Inserts the rows whose id and names are all free; the others are left as they are. */
export async function insertCategoryRowsIfMissing(db: StoreDb, rows: NewCategoryRow[]): Promise<void> {
  await db
    .insertInto('store_categories')
    .values(rows)
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

export async function updateCategoryNames(
  db: StoreDb,
  input: { id: string; en: string; zh: string },
): Promise<CategoryRow | undefined> {
  return db
    .updateTable('store_categories')
    .set({ name_en: input.en, name_zh: input.zh })
    .where('id', '=', input.id)
    .returningAll()
    .executeTakeFirst();
}

/** False when there was no such category. */
export async function deleteCategoryRow(db: StoreDb, id: string): Promise<boolean> {
  const result = await db.deleteFrom('store_categories').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
