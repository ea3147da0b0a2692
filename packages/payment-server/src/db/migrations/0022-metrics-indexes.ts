import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The admin dashboard's overview (`GET /metrics/overview`) adds up a range of a mode's rows per
 * currency and UTC day. Each index leads with the mode and the status the query asks for and
 * then the time it ranges over, so a year of one mode is one range of the index, not a scan of
 * the table; the trailing columns are the rest of what the query reads, so SQLite sums from the
 * index alone, and PostgreSQL too (an index-only scan) once vacuum has marked the pages visible.
 */
export const metricsIndexes: Migration = {
  async up(db) {
    // Gross volume: succeeded payments in the order the query groups them, by UTC day of
    // success and currency (the expression as `modules/metrics/repository.ts` writes it), so the
    // database adds up each group as it reads the index instead of sorting 100,000 rows first.
    await db.schema
      .createIndex('payment_intents_metrics_idx')
      .on('payment_intents')
      .columns(['livemode', 'status'])
      .expression(sql`(updated_at / 86400)`)
      .columns(['currency_id', 'updated_at', 'amount_received'])
      .execute();
    // Refunds: succeeded refunds by when they succeeded, with their currency and amount.
    await db.schema
      .createIndex('refunds_metrics_idx')
      .on('refunds')
      .columns(['livemode', 'status', 'updated_at', 'currency_id', 'amount'])
      .execute();
    // Top products: paid invoices by when they were paid (their lines come through
    // invoice_lines_invoice_idx); plan changes: paid `subscription_update` invoices. Both hold
    // paid invoices only, so a customer's open ones are never sought through them (by mode and
    // status, which this index would otherwise offer, rather than by customer).
    await db.schema
      .createIndex('invoices_metrics_paid_idx')
      .on('invoices')
      .columns(['livemode', 'paid_at', 'currency_id'])
      .where(sql.ref('status'), '=', 'paid')
      .execute();
    await db.schema
      .createIndex('invoice_lines_metrics_idx')
      .on('invoice_lines')
      .columns(['invoice_id', 'price_id', 'amount'])
      .execute();
    await db.schema
      .createIndex('invoices_metrics_reason_idx')
      .on('invoices')
      .columns(['livemode', 'billing_reason'])
      .where(sql.ref('status'), '=', 'paid')
      .execute();
    // Payment success rate: attempt events counted by type and day; events_type_idx lacks the
    // mode, which made every counted event a visit to its table row.
    await db.schema
      .createIndex('events_metrics_idx')
      .on('events')
      .columns(['livemode', 'type', 'created_at'])
      .execute();
    // Donations: donation checkouts (few among all) with the payment each was paid by.
    await db.schema
      .createIndex('checkout_sessions_metrics_idx')
      .on('checkout_sessions')
      .columns(['submit_type', 'livemode', 'payment_intent_id'])
      .execute();
  },
};
