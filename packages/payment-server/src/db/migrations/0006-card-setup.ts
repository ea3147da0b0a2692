import type { Migration } from 'kysely/migration';
import { addColumn } from './add-column.ts';

/**
 * Changing a subscription's card: a setup intent (of 0) is linked to the subscription whose card
 * it replaces, and an invoice still open when the card changes keeps the card it was billed to.
 */
export const cardSetup: Migration = {
  async up(db) {
    await db.schema
      .createTable('subscription_card_setups')
      .addColumn('payment_intent_id', 'text', (col) => col.primaryKey().references('payment_intents.id'))
      .addColumn('subscription_id', 'text', (col) => col.notNull().references('subscriptions.id'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await addColumn(db, 'invoices', 'payment_card', 'text');
  },
};
