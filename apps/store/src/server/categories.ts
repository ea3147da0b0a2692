import type { Kysely } from 'kysely';

export interface StoreTables {
  store_categories: { id: string; name_en: string; name_zh: string; created_at: number };
}

export interface Category {
  id: string;
  name: { en: string; zh: string };
}

/** Categories shown on the Store's home page, by name. */
export async function listCategories(db: Kysely<StoreTables>): Promise<Category[]> {
  const rows = await db.selectFrom('store_categories').selectAll().orderBy('name_en').execute();
  return rows.map((row) => ({ id: row.id, name: { en: row.name_en, zh: row.name_zh } }));
}

const DEMO_CATEGORIES: Array<[string, string, string]> = [
  ['payments', 'Payments', '支付'],
  ['developer-tools', 'Developer tools', '开发者工具'],
  ['productivity', 'Productivity', '效率'],
];

export async function seedCategories(db: Kysely<StoreTables>, now: number): Promise<void> {
  await db
    .insertInto('store_categories')
    .values(DEMO_CATEGORIES.map(([id, name_en, name_zh]) => ({ id, name_en, name_zh, created_at: now })))
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}
