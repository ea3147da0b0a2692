import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addColumn } from './add-column.ts';

/**
 * Top products (`GET /metrics/top-products`) read what each price earned per UTC day from a
 * rollup instead of joining a year of paid invoices to their lines on every request. A paid
 * invoice waits with `revenue_rolled_up` 0 until `flows/roll-up-metrics.ts` adds its lines
 * to their days and sets it; until then the query adds it from the invoice itself.
 */
export const priceRevenueDays: Migration = {
  async up(db) {
    await db.schema
      .createTable('metrics_price_days')
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('currency_id', 'text', (col) => col.notNull())
      .addColumn('day', 'integer', (col) => col.notNull())
      .addColumn('price_id', 'text', (col) => col.notNull())
      // 1 for credits (a plan change's unused time): summed apart, so every amount is digits.
      .addColumn('is_credit', 'integer', (col) => col.notNull())
      .addColumn('amount', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('metrics_price_days_pk', [
        'livemode',
        'day',
        'currency_id',
        'price_id',
        'is_credit',
      ])
      .execute();
    await addColumn(db, 'invoices', 'revenue_rolled_up', 'integer', 0);
    // The paid invoices still waiting: few, found by mode and the time they were paid.
    await db.schema
      .createIndex('invoices_revenue_waiting_idx')
      .on('invoices')
      .columns(['livemode', 'paid_at'])
      .where(sql.ref('status'), '=', 'paid')
      .where(sql.ref('revenue_rolled_up'), '=', 0)
      .execute();
  },
};
