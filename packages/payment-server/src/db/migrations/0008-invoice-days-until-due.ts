import type { Migration } from 'kysely/migration';
import { addColumn } from './add-column.ts';

/**
 * A manual invoice keeps its payment terms while it is a draft: finalizing sets the due date
 * that many days ahead (Stripe's `days_until_due`). Null for invoices the engine or a checkout
 * writes, which are due when written.
 */
export const invoiceDaysUntilDue: Migration = {
  async up(db) {
    await addColumn(db, 'invoices', 'days_until_due', 'integer');
  },
};
