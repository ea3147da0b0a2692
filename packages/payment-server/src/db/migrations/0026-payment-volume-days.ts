import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addColumn } from './add-column.ts';

/**
 * The overview's gross volume (`GET /metrics/overview`) reads succeeded payments per UTC day and
 * currency from a rollup instead of summing a year of payments on every request. A succeeded
 * intent waits with `volume_rolled_up` 0 until `flows/roll-up-metrics.ts` adds it to its day and
 * sets it; until then the query adds it from the intent itself.
 */
export const paymentVolumeDays: Migration = {
  async up(db) {
    await db.schema
      .createTable('metrics_payment_days')
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('day', 'integer', (col) => col.notNull())
      .addColumn('currency_id', 'text', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .addColumn('amount', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('metrics_payment_days_pk', ['livemode', 'day', 'currency_id'])
      .execute();
    await addColumn(db, 'payment_intents', 'volume_rolled_up', 'integer', 0);
    // The succeeded payments still waiting: few, found by mode and the time they succeeded.
    await db.schema
      .createIndex('payment_intents_volume_waiting_idx')
      .on('payment_intents')
      .columns(['livemode', 'updated_at'])
      .where(sql.ref('status'), '=', 'succeeded')
      .where(sql.ref('volume_rolled_up'), '=', 0)
      .execute();
  },
};
