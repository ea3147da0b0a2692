import type { Migration } from 'kysely/migration';

/**
 * A customer's invoices and payments are listed newest first (`GET /invoices`, `GET
 * /payment-intents`): an index in that order lets a page be read off it rather than sorting
 * everything the customer has.
 */
export const customerListOrder: Migration = {
  async up(db) {
    await db.schema
      .createIndex('invoices_customer_newest_idx')
      .on('invoices')
      .columns(['customer_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('payment_intents_customer_newest_idx')
      .on('payment_intents')
      .columns(['customer_id', 'created_at', 'id'])
      .execute();
  },
};
