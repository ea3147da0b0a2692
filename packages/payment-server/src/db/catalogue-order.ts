import type { adminCatalogueOrder } from '@bazaar/schemas';
import { asciiLowered } from '@bazaar/server-kit';
import { sql, type Expression, type Kysely } from 'kysely';

/** How an admin catalogue list (products, payment links) is ordered: by name or by creation. */
export type CatalogueOrder = ReturnType<typeof adminCatalogueOrder>;

/**
 * The column a catalogue list sorts on. Names sort A–Z case-blind by code points, so SQLite and
 * PostgreSQL (whatever its locale) answer the same order.
 */
export function catalogueSortKey<DB>(db: Kysely<DB>, { sortBy }: CatalogueOrder): Expression<unknown> {
  return sortBy === 'name' ? asciiLowered(db, 'name') : sql.ref('created_at');
}
