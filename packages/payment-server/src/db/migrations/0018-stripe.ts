import type { Migration } from 'kysely/migration';

/**
 * The card provider's side of our objects. `stripe_intents`: the provider's payment or setup intent
 * mirroring each of our intents a Stripe method confirms (one per intent; replaced when the
 * intent's kind changes). `stripe_customers`: the provider's customer a saved card is attached
 * to, per our customer and method. `stripe_events`: every webhook event received, by its id, so
 * each is applied once however often it is delivered.
 */
export const stripe: Migration = {
  async up(db) {
    await db.schema
      .createTable('stripe_intents')
      .addColumn('payment_intent_id', 'text', (col) => col.primaryKey().references('payment_intents.id'))
      .addColumn('stripe_id', 'text', (col) => col.notNull().unique())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('client_secret', 'text', (col) => col.notNull())
      // The terms the provider's intent was created or last updated with, in its minor units.
      .addColumn('amount', 'text', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull())
      // The failed attempt last applied (its charge), so the page and the webhook record it once.
      .addColumn('applied_failure', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('stripe_customers')
      .addColumn('customer_id', 'text', (col) => col.notNull())
      .addColumn('payment_method_id', 'text', (col) => col.notNull())
      .addColumn('stripe_id', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('stripe_customers_pk', ['customer_id', 'payment_method_id'])
      .execute();
    await db.schema
      .createTable('stripe_events')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('payment_method_id', 'text', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('received_at', 'bigint', (col) => col.notNull())
      // Null until applied: a delivery that failed half-way is applied again on the next one.
      .addColumn('applied_at', 'bigint')
      .execute();
  },
};
