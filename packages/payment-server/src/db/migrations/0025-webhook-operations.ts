import type { Migration } from 'kysely/migration';
import { addColumn } from './add-column.ts';

/**
 * What the admin dashboard does with webhooks besides listing them: a test event sent by hand
 * (its body kept on its delivery, as no event row stands behind it), redeliveries of many
 * deliveries at once whose progress is their deliveries' states, an event's deliveries, and
 * the daily pruning of what is older than the event log keeps.
 */
export const webhookOperations: Migration = {
  async up(db) {
    await addColumn(db, 'webhook_deliveries', 'test_event', 'text');
    await db.schema
      .createIndex('webhook_deliveries_event_id_idx')
      .on('webhook_deliveries')
      .column('event_id')
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_created_idx')
      .on('webhook_deliveries')
      .column('created_at')
      .execute();

    await db.schema
      .createTable('webhook_redeliveries')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('endpoint_id', 'text', (col) =>
        col.notNull().references('webhook_endpoints.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('webhook_redeliveries_endpoint_idx')
      .on('webhook_redeliveries')
      .columns(['endpoint_id', 'created_at'])
      .execute();
    await db.schema
      .createTable('webhook_redelivery_items')
      .addColumn('redelivery_id', 'text', (col) =>
        col.notNull().references('webhook_redeliveries.id').onDelete('cascade'),
      )
      .addColumn('delivery_id', 'text', (col) =>
        col.notNull().references('webhook_deliveries.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('webhook_redelivery_items_pk', ['redelivery_id', 'delivery_id'])
      .execute();
    // A pruned delivery leaves its redeliveries through this index, not a scan of them all.
    await db.schema
      .createIndex('webhook_redelivery_items_delivery_idx')
      .on('webhook_redelivery_items')
      .column('delivery_id')
      .execute();
  },
};
