import type { Migration } from 'kysely/migration';

/**
 * An invoice's page lists the payments made at it and their refunds (`GET /payment-intents` and
 * `GET /refunds` by `invoice_id`): without these indexes each read walked every payment or
 * refund of the mode.
 */
export const invoicePaymentIndexes: Migration = {
  async up(db) {
    await db.schema
      .createIndex('payment_intents_invoice_idx')
      .on('payment_intents')
      .columns(['invoice_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('refunds_invoice_idx')
      .on('refunds')
      .columns(['invoice_id', 'created_at'])
      .execute();
  },
};
