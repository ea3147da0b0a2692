import type { Migration } from 'kysely/migration';
import { addColumn } from './add-column.ts';

/**
 * Who is collecting an open invoice right now, apart from when it is next due: the engine while
 * its charge is in flight, or the payer paying it on the invoice page. A lease that has run out
 * (its holder crashed or gave up) is free to take again.
 */
export const collectionLease: Migration = {
  async up(db) {
    await addColumn(db, 'invoices', 'collection_lease_until', 'bigint');
    await addColumn(db, 'invoices', 'collection_lease_holder', 'text');
  },
};
