import type { Migration } from 'kysely/migration';
import { addColumn } from './add-column.ts';

/**
 * A plan change's invoice names the switch it pays for, so the switch happens when the invoice
 * is paid, wherever that happens: the change's own charge, a chain pull confirmed later, or the
 * payer on the invoice page.
 */
export const invoicePlanChange: Migration = {
  async up(db) {
    await addColumn(db, 'invoices', 'plan_change', 'text');
  },
};
