import type { PaymentDb } from '../../db/tables.ts';

/** Where the catalogue stands: the counter its triggers move on every committed change. */
export async function readCatalogueRevision(db: PaymentDb): Promise<number> {
  const row = await db
    .selectFrom('catalogue_revision')
    .select('revision')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.revision);
}
