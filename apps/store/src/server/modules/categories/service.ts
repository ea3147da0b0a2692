import {
  randomToken,
  storeCategorySchema,
  type categoryBodySchema,
  type StoreCategory,
} from '@bazaar/schemas';
import { AppError, isUniqueViolation, notFound } from '@bazaar/server-kit';
import type { z } from 'zod';
import type { StoreDb } from '../../db/tables.ts';
import type { StoreDeps } from '../../deps.ts';
import {
  deleteCategoryRow,
  findCategoryRow,
  findCategoryRowsNamed,
  insertCategoryRow,
  insertCategoryRowsIfMissing,
  listCategoryRows,
  updateCategoryNames,
  type CategoryRow,
} from './repository.ts';

type CategoryNames = z.output<typeof categoryBodySchema>['name'];

function toCategory(row: CategoryRow): StoreCategory {
  return storeCategorySchema.parse({ id: row.id, name: { en: row.name_en, zh: row.name_zh } });
}

/** Every category, by English name: the home page's filter and the console's list. */
export async function listCategories(db: StoreDb): Promise<StoreCategory[]> {
  return (await listCategoryRows(db)).map(toCategory);
}

/**
 * CATEGORY_EXISTS naming the field whose name another category holds ("{name} is existed"),
 * or nothing when both names are free.
 */
async function assertNamesFree(db: StoreDb, name: CategoryNames, exceptId?: string): Promise<void> {
  const holders = await findCategoryRowsNamed(db, { ...name, ...(exceptId ? { exceptId } : {}) });
  const details = [];
  if (holders.some((row) => row.name_en.toLowerCase() === name.en.toLowerCase())) {
    details.push({ path: 'name.en', message: `${name.en} is existed` });
  }
  if (holders.some((row) => row.name_zh.toLowerCase() === name.zh.toLowerCase())) {
    details.push({ path: 'name.zh', message: `${name.zh} is existed` });
  }
  // The database's lower() and JavaScript's can differ beyond ASCII; its answer decides.
  if (holders.length > 0 && details.length === 0) {
    details.push({ path: 'name', message: `${name.en} is existed` });
  }
  if (details.length > 0) throw new AppError('CATEGORY_EXISTS', details[0]!.message, details);
}

/** `Developer tools` → `developer-tools`: the id the category's page address shows. */
function slugOf(englishName: string): string {
  const slug = englishName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || randomToken(8).toLowerCase();
}

/**
 * Adds a category named in both languages; either name held by another category is refused
 * CATEGORY_EXISTS, also when two admins add it at the same moment (the unique indexes decide).
 * The id is the English name's slug, kept when the category is renamed.
 */
export async function createCategory(
  deps: Pick<StoreDeps, 'db' | 'clock'>,
  body: z.output<typeof categoryBodySchema>,
): Promise<StoreCategory> {
  const { name } = body;
  await assertNamesFree(deps.db, name);
  const slug = slugOf(name.en);
  // A renamed category keeps its slug, so a new name's slug may be taken: add a random tail then.
  for (const id of [slug, `${slug}-${randomToken(6).toLowerCase()}`]) {
    const row = { id, name_en: name.en, name_zh: name.zh, created_at: deps.clock.now() };
    try {
      await insertCategoryRow(deps.db, row);
      return toCategory(row);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await assertNamesFree(deps.db, name);
    }
  }
  throw new Error(`No free id for the category ${name.en}`);
}

export async function updateCategory(
  deps: Pick<StoreDeps, 'db'>,
  input: { id: string; body: z.output<typeof categoryBodySchema> },
): Promise<StoreCategory> {
  const { name } = input.body;
  if (!(await findCategoryRow(deps.db, input.id))) throw notFound('category', input.id);
  await assertNamesFree(deps.db, name, input.id);
  try {
    const row = await updateCategoryNames(deps.db, { id: input.id, ...name });
    if (!row) throw notFound('category', input.id);
    return toCategory(row);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await assertNamesFree(deps.db, name, input.id);
    throw error;
  }
}

/**
 * Removes a category. Apps of the category (a later issue) keep their apps; the app module will
 * then decide whether a category in use may go.
 */
export async function deleteCategory(
  deps: Pick<StoreDeps, 'db'>,
  id: string,
): Promise<{ id: string; deleted: true }> {
  if (!(await deleteCategoryRow(deps.db, id))) throw notFound('category', id);
  return { id, deleted: true };
}

const DEMO_CATEGORIES: Array<[string, string, string]> = [
  ['payments', 'Payments', '支付'],
  ['developer-tools', 'Developer tools', '开发者工具'],
  ['productivity', 'Productivity', '效率'],
];

/** Test mode's categories; safe to run at every start (a taken id or name is left alone). */
export async function seedCategories(deps: Pick<StoreDeps, 'db' | 'clock'>): Promise<void> {
  const now = deps.clock.now();
  await insertCategoryRowsIfMissing(
    deps.db,
    DEMO_CATEGORIES.map(([id, name_en, name_zh]) => ({ id, name_en, name_zh, created_at: now })),
  );
}
