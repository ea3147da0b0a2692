import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addColumn } from './add-column.ts';

/**
 * Deliveries are queued by the webhook sender, a batch of events at a time, instead of in every
 * transaction that writes events: `webhooks_queued_at` marks the events it has queued. Events
 * written before this migration are marked, so no endpoint receives the past.
 */
export const webhookQueue: Migration = {
  async up(db) {
    await addColumn(db, 'events', 'webhooks_queued_at', 'bigint');
    await sql`update events set webhooks_queued_at = created_at`.execute(db);
    await db.schema
      .createIndex('events_webhooks_queue_idx')
      .on('events')
      .columns(['created_at', 'position'])
      .where(sql.ref('webhooks_queued_at'), 'is', null)
      .execute();
  },
};
