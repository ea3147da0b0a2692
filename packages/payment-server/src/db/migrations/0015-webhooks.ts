import { PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addColumn } from './add-column.ts';

/**
 * Webhook endpoints, one delivery per event and endpoint that subscribed to it, and each attempt
 * at a delivery. Events gain the id of the object they are about, so the API filters by it and
 * deliveries keep each object's events in order.
 */
export const webhooks: Migration = {
  async up(db) {
    await addColumn(db, 'events', 'object_id', 'text', '');
    const objectId =
      db.getExecutor().adapter instanceof PostgresAdapter
        ? sql`(data::json ->> 'id')`
        : sql`json_extract(data, '$.id')`;
    await sql`update events set object_id = ${objectId}`.execute(db);
    await db.schema
      .createIndex('events_object_idx')
      .on('events')
      .columns(['object_id', 'created_at'])
      .execute();
    await db.schema.createIndex('events_type_idx').on('events').columns(['type', 'created_at']).execute();

    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('enabled_events', 'text', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('secret', 'text', (col) => col.notNull())
      .addColumn('previous_secret', 'text')
      .addColumn('previous_secret_expires_at', 'bigint')
      .addColumn('failing_since', 'bigint')
      .addColumn('metadata', 'text', (col) => col.notNull())
      .addColumn('livemode', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('endpoint_id', 'text', (col) =>
        col.notNull().references('webhook_endpoints.id').onDelete('cascade'),
      )
      .addColumn('event_id', 'text', (col) => col.notNull())
      .addColumn('event_type', 'text', (col) => col.notNull())
      .addColumn('object_id', 'text', (col) => col.notNull())
      // The event's place in the outbox: (created_at, position) orders one object's events.
      .addColumn('event_created_at', 'bigint', (col) => col.notNull())
      .addColumn('event_position', 'integer', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('attempt_count', 'integer', (col) => col.notNull())
      .addColumn('next_attempt_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_event_idx')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'event_id'])
      .unique()
      .execute();
    // What is due, and what comes before it for the same object at the same endpoint.
    await db.schema
      .createIndex('webhook_deliveries_due_idx')
      .on('webhook_deliveries')
      .column('next_attempt_at')
      .where(sql.ref('status'), '=', 'pending')
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_object_idx')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'object_id', 'event_created_at', 'event_position'])
      .where(sql.ref('status'), '=', 'pending')
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_endpoint_idx')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('webhook_attempts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('delivery_id', 'text', (col) =>
        col.notNull().references('webhook_deliveries.id').onDelete('cascade'),
      )
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('response_status', 'integer')
      .addColumn('error', 'text')
      .addColumn('duration_ms', 'integer', (col) => col.notNull())
      .addColumn('retry_count', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('webhook_attempts_delivery_idx')
      .on('webhook_attempts')
      .columns(['delivery_id', 'created_at'])
      .execute();
  },
};
