import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The tables a checkout reads as its catalogue (modules/catalogue/cache.ts keeps them in memory). */
export const CATALOGUE_TABLES = [
  'payment_links',
  'products',
  'prices',
  'payment_methods',
  'payment_currencies',
] as const;

/**
 * Every column of `prices` but `quantity_sold`, which each sale moves: stock is read live where
 * it is limited (modules/catalogue/cache.ts), so a sale leaves the revision alone. A migration
 * that adds a column to prices adds it here (catalogue/cache.test.ts fails until it does).
 */
export const PRICE_CATALOGUE_COLUMNS = [
  'product_id',
  'active',
  'type',
  'currency_id',
  'unit_amount',
  'custom_unit_amount',
  'currency_options',
  'recurring',
  'quantity_available',
  'quantity_limit_per_checkout',
  'billing_scheme',
  'tiers_mode',
  'tiers',
  'upsells_to_id',
  'nickname',
  'metadata',
  'livemode',
  'created_at',
] as const;

const BUMP = 'UPDATE catalogue_revision SET revision = revision + 1';

/**
 * One counter that every committed change to the catalogue moves, kept by triggers so that no
 * writer can forget it: the API, the seed, a test or an operator's SQL, on any node. A cache
 * holds catalogue rows only as long as the counter reads the same.
 */
export const catalogueRevision: Migration = {
  async up(db) {
    await db.schema
      .createTable('catalogue_revision')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('revision', 'bigint', (col) => col.notNull())
      .execute();
    await db.insertInto('catalogue_revision').values({ id: 1, revision: 0 }).execute();
    if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db);
    else await sqliteTriggers(db);
  },
};

async function sqliteTriggers(db: Kysely<unknown>) {
  const trigger = (name: string, when: string) =>
    sql.raw(`CREATE TRIGGER ${name} ${when} BEGIN ${BUMP}; END`).execute(db);
  for (const table of CATALOGUE_TABLES) {
    await trigger(`${table}_revision_insert`, `AFTER INSERT ON ${table}`);
    await trigger(`${table}_revision_delete`, `AFTER DELETE ON ${table}`);
    const columns = table === 'prices' ? ` OF ${PRICE_CATALOGUE_COLUMNS.join(', ')}` : '';
    await trigger(`${table}_revision_update`, `AFTER UPDATE${columns} ON ${table}`);
  }
}

async function postgresTriggers(db: Kysely<unknown>) {
  await sql
    .raw(
      `CREATE FUNCTION bump_catalogue_revision() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${BUMP}; RETURN NULL; END $$`,
    )
    .execute(db);
  const trigger = (name: string, when: string) =>
    sql
      .raw(`CREATE TRIGGER ${name} ${when} FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision()`)
      .execute(db);
  for (const table of CATALOGUE_TABLES) {
    const columns = table === 'prices' ? ` OF ${PRICE_CATALOGUE_COLUMNS.join(', ')}` : '';
    await trigger(`${table}_revision_change`, `AFTER INSERT OR DELETE OR UPDATE${columns} ON ${table}`);
  }
}
