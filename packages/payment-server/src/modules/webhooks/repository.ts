import {
  countAll,
  exportNewestFirst,
  insertRows,
  newestFirstPage,
  type ListExport,
} from '@bazaar/server-kit';
import { sql, type Updateable } from 'kysely';
import { hasRowLocks } from '../../db/row-locks.ts';
import type { PaymentDb, PaymentTables } from '../../db/tables.ts';

export type WebhookEndpointRow = PaymentTables['webhook_endpoints'];
export type WebhookDeliveryRow = PaymentTables['webhook_deliveries'];
export type WebhookAttemptRow = PaymentTables['webhook_attempts'];

// ---------------------------------------------------------------- endpoints

export async function insertEndpointRow(db: PaymentDb, row: WebhookEndpointRow): Promise<void> {
  await insertRows(db, 'webhook_endpoints', [row]);
}

export async function findEndpointRow(db: PaymentDb, id: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listEndpointRowsByIds(
  db: PaymentDb,
  ids: readonly string[],
): Promise<WebhookEndpointRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('webhook_endpoints').selectAll().where('id', 'in', ids).execute();
}

export async function listEndpointRows(
  db: PaymentDb,
  livemode: number,
  page: { page: number; pageSize: number },
): Promise<{ rows: WebhookEndpointRow[]; count: number }> {
  return newestFirstPage(endpointListQuery(db, livemode), page);
}

export function exportEndpointRows(db: PaymentDb, livemode: number): Promise<ListExport<WebhookEndpointRow>> {
  return exportNewestFirst(endpointListQuery(db, livemode));
}

function endpointListQuery(db: PaymentDb, livemode: number) {
  return db.selectFrom('webhook_endpoints').where('livemode', '=', livemode);
}

/** The enabled endpoints, with their mode and what they subscribe to: where new events go. */
export async function listEnabledEndpointSubscriptions(
  db: PaymentDb,
): Promise<Pick<WebhookEndpointRow, 'id' | 'enabled_events' | 'livemode'>[]> {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'enabled_events', 'livemode'])
    .where('status', '=', 'enabled')
    .execute();
}

/** The endpoints of this URL, in either mode. */
export async function listEndpointRowsByUrl(db: PaymentDb, url: string): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('url', '=', url).execute();
}

export async function updateEndpointRow(
  db: PaymentDb,
  id: string,
  patch: Updateable<WebhookEndpointRow>,
): Promise<void> {
  await db.updateTable('webhook_endpoints').set(patch).where('id', '=', id).execute();
}

/** Flags the endpoints as failing from `at`, those not already flagged. */
export async function flagEndpointsFailing(db: PaymentDb, ids: readonly string[], at: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: at })
    .where('id', 'in', ids)
    .where('failing_since', 'is', null)
    .execute();
}

export async function clearEndpointsFailing(db: PaymentDb, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', 'in', ids)
    .where('failing_since', 'is not', null)
    .execute();
}

/** Its deliveries and their attempts go with it (foreign keys cascade). */
export async function deleteEndpointRow(db: PaymentDb, id: string): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

// ---------------------------------------------------------------- deliveries

export async function insertDeliveryRows(db: PaymentDb, rows: readonly WebhookDeliveryRow[]): Promise<void> {
  await insertRows(db, 'webhook_deliveries', rows);
}

export async function findDeliveryRow(db: PaymentDb, id: string): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Which of an endpoint's deliveries a list or an export holds. */
export interface DeliveryFilter {
  endpointId: string;
  status?: string;
  eventId?: string;
}

export async function listDeliveryRows(
  db: PaymentDb,
  filter: DeliveryFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: WebhookDeliveryRow[]; count: number }> {
  return newestFirstPage(deliveryListQuery(db, filter), page);
}

export function exportDeliveryRows(
  db: PaymentDb,
  filter: DeliveryFilter,
): Promise<ListExport<WebhookDeliveryRow>> {
  return exportNewestFirst(deliveryListQuery(db, filter));
}

function deliveryListQuery(db: PaymentDb, filter: DeliveryFilter) {
  return db
    .selectFrom('webhook_deliveries')
    .where('endpoint_id', '=', filter.endpointId)
    .$if(Boolean(filter.status), (query) => query.where('status', '=', filter.status!))
    .$if(Boolean(filter.eventId), (query) => query.where('event_id', '=', filter.eventId!));
}

/**
 * Takes up to `limit` deliveries that are due and first in line for their object at their
 * endpoint (no earlier event of the same object still pending there), on enabled endpoints,
 * and leases them until `leaseUntil`: a node that dies mid-attempt leaves them due again then.
 * On PostgreSQL, rows another node is taking are skipped, so each attempt has one sender.
 */
export async function claimDueDeliveries(
  db: PaymentDb,
  input: { now: number; leaseUntil: number; limit: number },
): Promise<WebhookDeliveryRow[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('webhook_deliveries as d')
      .selectAll('d')
      .where('d.status', '=', 'pending')
      .where('d.next_attempt_at', '<=', input.now)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('webhook_endpoints as e')
            .select('e.id')
            .whereRef('e.id', '=', 'd.endpoint_id')
            .where('e.status', '=', 'enabled'),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('webhook_deliveries as earlier')
              .select('earlier.id')
              .whereRef('earlier.endpoint_id', '=', 'd.endpoint_id')
              .whereRef('earlier.object_id', '=', 'd.object_id')
              .where('earlier.status', '=', 'pending')
              .where(
                sql<boolean>`(earlier.event_created_at, earlier.event_position, earlier.event_id) < (d.event_created_at, d.event_position, d.event_id)`,
              ),
          ),
        ),
      )
      .orderBy('d.next_attempt_at')
      .orderBy('d.event_created_at')
      .orderBy('d.event_position')
      .limit(input.limit)
      .$if(hasRowLocks(trx), (query) => query.forUpdate('d').skipLocked())
      .execute();
    if (rows.length > 0) {
      await trx
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: input.leaseUntil })
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
    }
    return rows;
  });
}

async function insertAttemptRows(db: PaymentDb, rows: readonly WebhookAttemptRow[]): Promise<void> {
  await insertRows(db, 'webhook_attempts', rows);
}

/** Records attempts' outcomes: each delivery's next state and its attempt, all together. */
export async function recordAttemptRows(
  db: PaymentDb,
  outcomes: readonly { patch: Updateable<WebhookDeliveryRow>; attempt: WebhookAttemptRow }[],
): Promise<void> {
  if (outcomes.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const { patch, attempt } of outcomes) {
      await trx.updateTable('webhook_deliveries').set(patch).where('id', '=', attempt.delivery_id).execute();
    }
    await insertAttemptRows(
      trx,
      outcomes.map((outcome) => outcome.attempt),
    );
  });
}

/** Puts a delivery back in line now, whatever became of it (a redelivery by hand). */
export async function requeueDeliveryRow(db: PaymentDb, id: string, now: number): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: now })
    .where('id', '=', id)
    .execute();
}

export async function listAttemptRows(
  db: PaymentDb,
  deliveryIds: readonly string[],
): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .selectFrom('webhook_attempts')
    .selectAll()
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('created_at')
    .orderBy('retry_count')
    .execute();
}

/** The deliveries of an event: one to each endpoint that subscribed to it. */
export async function listDeliveryRowsOfEvent(
  db: PaymentDb,
  eventId: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: WebhookDeliveryRow[]; count: number }> {
  return newestFirstPage(db.selectFrom('webhook_deliveries').where('event_id', '=', eventId), page);
}

/** Deletes up to `limit` deliveries of events written before `before` (and their attempts); answers how many. */
export async function deleteDeliveryRowsBefore(
  db: PaymentDb,
  before: number,
  limit: number,
): Promise<number> {
  const ids = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('created_at', '<', before)
    .limit(limit)
    .execute();
  if (ids.length === 0) return 0;
  await db
    .deleteFrom('webhook_deliveries')
    .where(
      'id',
      'in',
      ids.map((row) => row.id),
    )
    .execute();
  return ids.length;
}

// ---------------------------------------------------------------- redeliveries

export type WebhookRedeliveryRow = PaymentTables['webhook_redeliveries'];

/** What a redelivery sends again: the endpoint's failed deliveries, or the ones named, since a time. */
export interface RedeliverySelection {
  endpointId: string;
  deliveryIds?: readonly string[] | undefined;
  since?: number | undefined;
}

function selectedDeliveries(db: PaymentDb, selection: RedeliverySelection) {
  return db
    .selectFrom('webhook_deliveries')
    .where('endpoint_id', '=', selection.endpointId)
    .$if(selection.deliveryIds === undefined, (query) => query.where('status', '=', 'failed'))
    .$if(selection.deliveryIds !== undefined, (query) => query.where('id', 'in', selection.deliveryIds!))
    .$if(selection.since !== undefined, (query) => query.where('created_at', '>=', selection.since!));
}

/** The ids of the named deliveries that are the endpoint's. */
export async function listSelectedDeliveryIds(
  db: PaymentDb,
  selection: RedeliverySelection,
): Promise<string[]> {
  const rows = await selectedDeliveries(db, selection).select('id').execute();
  return rows.map((row) => row.id);
}

/**
 * Records a redelivery of the selected deliveries and puts them back in line now, all in the
 * database (a selection may hold thousands); answers how many it took.
 */
export async function insertRedelivery(
  db: PaymentDb,
  row: WebhookRedeliveryRow,
  selection: RedeliverySelection,
): Promise<number> {
  await insertRows(db, 'webhook_redeliveries', [row]);
  const inserted = await db
    .insertInto('webhook_redelivery_items')
    .columns(['redelivery_id', 'delivery_id'])
    .expression(
      selectedDeliveries(db, selection).select([
        sql<string>`cast(${row.id} as text)`.as('redelivery_id'),
        'id',
      ]),
    )
    .executeTakeFirst();
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: row.created_at })
    .where((eb) =>
      eb(
        'id',
        'in',
        eb.selectFrom('webhook_redelivery_items').select('delivery_id').where('redelivery_id', '=', row.id),
      ),
    )
    .execute();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0);
}

/** Deletes the redeliveries made before `before`: their deliveries are pruned by then. */
export async function deleteRedeliveryRowsBefore(db: PaymentDb, before: number): Promise<number> {
  const result = await db
    .deleteFrom('webhook_redeliveries')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findRedeliveryRow(
  db: PaymentDb,
  id: string,
): Promise<WebhookRedeliveryRow | undefined> {
  return db.selectFrom('webhook_redeliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listRedeliveryRows(
  db: PaymentDb,
  endpointId: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: WebhookRedeliveryRow[]; count: number }> {
  return newestFirstPage(db.selectFrom('webhook_redeliveries').where('endpoint_id', '=', endpointId), page);
}

export type RedeliveryStateRow = { redelivery_id: string; status: string; count: number };

/** How many of each redelivery's deliveries are in each state now. */
export async function countRedeliveryStates(
  db: PaymentDb,
  redeliveryIds: readonly string[],
): Promise<RedeliveryStateRow[]> {
  if (redeliveryIds.length === 0) return [];
  const rows = await db
    .selectFrom('webhook_redelivery_items as i')
    .innerJoin('webhook_deliveries as d', 'd.id', 'i.delivery_id')
    .where('i.redelivery_id', 'in', redeliveryIds)
    .select(['i.redelivery_id', 'd.status', countAll().as('count')])
    .groupBy(['i.redelivery_id', 'd.status'])
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
