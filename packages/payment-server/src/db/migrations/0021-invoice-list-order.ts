import type { Migration } from 'kysely/migration';

/**
 * A customer's invoice list is read newest first (`GET /invoices`): an index in that order lets a
 * page be read off it rather than sorting every invoice the customer has.
 */
export const invoiceListOrder: Migration = {
  async up(db) {
    await db.schema
      .createIndex('invoices_customer_newest_idx')
      .on('invoices')
      .columns(['customer_id', 'created_at', 'id'])
      .execute();
  },
};
