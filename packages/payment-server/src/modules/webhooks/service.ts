import {
  ALL_EVENTS,
  metadataSchema,
  newId,
  randomToken,
  type createWebhookEndpointBodySchema,
  type createWebhookRedeliveryBodySchema,
  type exportWebhookDeliveriesQuerySchema,
  type listWebhookDeliveriesQuerySchema,
  type paginationQuerySchema,
  type rollWebhookSecretBodySchema,
  type updateWebhookEndpointBodySchema,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookRedelivery,
} from '@bazaar/schemas';
import { AppError, mapBatches, notFound, type ListExport } from '@bazaar/server-kit';
import { z } from 'zod';
import { fromFlag, readJson, toFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import { markWebhooksQueued, type EventRow } from '../events/repository.ts';
import { resolveWebhookAddress } from './address-guard.ts';
import { subscriberNamed } from './component-subscribers.ts';
import {
  countRedeliveryStates,
  deleteEndpointRow,
  exportDeliveryRows,
  exportEndpointRows,
  findDeliveryRow,
  findEndpointRow,
  findRedeliveryRow,
  insertDeliveryRows,
  insertEndpointRow,
  insertRedelivery,
  listAttemptRows,
  listDeliveryRows,
  listDeliveryRowsOfEvent,
  listEnabledEndpointSubscriptions,
  listEndpointRows,
  listRedeliveryRows,
  listSelectedDeliveryIds,
  requeueDeliveryRow,
  updateEndpointRow,
  type RedeliveryStateRow,
  type WebhookAttemptRow,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  type WebhookRedeliveryRow,
} from './repository.ts';

type Deps = Pick<PaymentDeps, 'db' | 'clock' | 'webhooks'>;

const enabledEventsJson = z.array(z.string());

function toWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    object: 'webhook_endpoint',
    url: row.url,
    enabled_events: readJson(enabledEventsJson, row.enabled_events),
    description: row.description,
    status: row.status === 'disabled' ? 'disabled' : 'enabled',
    failing_since: row.failing_since,
    metadata: readJson(metadataSchema, row.metadata),
    livemode: fromFlag(row.livemode),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toWebhookAttempt(row: WebhookAttemptRow): WebhookAttempt {
  return {
    id: row.id,
    object: 'webhook_attempt',
    delivery_id: row.delivery_id,
    status: row.status === 'succeeded' ? 'succeeded' : 'failed',
    response_status: row.response_status,
    error: row.error,
    duration_ms: row.duration_ms,
    retry_count: row.retry_count,
    created_at: row.created_at,
  };
}

/** Deliveries with their attempts, read in one query for all of them. */
async function toWebhookDeliveries(
  db: PaymentDb,
  rows: readonly WebhookDeliveryRow[],
): Promise<WebhookDelivery[]> {
  const attempts = Map.groupBy(
    await listAttemptRows(
      db,
      rows.map((row) => row.id),
    ),
    (attempt) => attempt.delivery_id,
  );
  return rows.map((row) => toWebhookDelivery(row, attempts.get(row.id) ?? []));
}

/** `attempts`: the delivery's own, oldest first. */
function toWebhookDelivery(row: WebhookDeliveryRow, attempts: readonly WebhookAttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    object: 'webhook_delivery',
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status === 'succeeded' ? 'succeeded' : row.status === 'failed' ? 'failed' : 'pending',
    attempt_count: row.attempt_count,
    next_attempt_at: row.next_attempt_at,
    created_at: row.created_at,
    test: row.test_event !== null,
    attempts: attempts.map(toWebhookAttempt),
  };
}

export async function getEndpointRow(db: PaymentDb, id: string): Promise<WebhookEndpointRow> {
  const row = await findEndpointRow(db, id);
  if (!row) throw notFound('webhook endpoint', id);
  return row;
}

/**
 * An endpoint the API may change: a component's (`component:{name}`) is the platform's, saved at
 * every start; changing or deleting it would cut that component off its events until then.
 */
export async function getOwnEndpointRow(db: PaymentDb, id: string): Promise<WebhookEndpointRow> {
  const row = await getEndpointRow(db, id);
  if (subscriberNamed(row.url) !== null) {
    throw new AppError('WEBHOOK_ENDPOINT_MANAGED', 'This endpoint belongs to a component of the platform');
  }
  return row;
}

const newSecret = () => `whsec_${randomToken(32)}`;

/** A new endpoint, enabled; its signing secret is in this answer and in no later one. */
export async function createWebhookEndpoint(
  deps: Deps,
  input: z.output<typeof createWebhookEndpointBodySchema>,
): Promise<WebhookEndpoint & { secret: string }> {
  await resolveWebhookAddress(new URL(input.url), deps.webhooks.allowPrivateAddresses);
  const now = deps.clock.now();
  const row: WebhookEndpointRow = {
    id: newId('webhookEndpoint'),
    url: input.url,
    enabled_events: JSON.stringify(input.enabled_events),
    description: input.description,
    status: 'enabled',
    secret: newSecret(),
    previous_secret: null,
    previous_secret_expires_at: null,
    failing_since: null,
    metadata: JSON.stringify(input.metadata),
    livemode: toFlag(input.livemode),
    created_at: now,
    updated_at: now,
  };
  await insertEndpointRow(deps.db, row);
  return { ...toWebhookEndpoint(row), secret: row.secret };
}

export async function listWebhookEndpoints(
  db: PaymentDb,
  query: z.output<typeof paginationQuerySchema> & { livemode: boolean },
) {
  const { rows, count } = await listEndpointRows(db, toFlag(query.livemode), query);
  return { list: rows.map(toWebhookEndpoint), count };
}

/** `GET /webhook-endpoints/export.csv`: every endpoint of the mode, newest first. */
export async function exportWebhookEndpoints(
  db: PaymentDb,
  livemode: boolean,
): Promise<ListExport<WebhookEndpoint>> {
  const rows = await exportEndpointRows(db, toFlag(livemode));
  return {
    total: rows.total,
    records: mapBatches(rows.records, async (batch) => batch.map(toWebhookEndpoint)),
  };
}

export async function getWebhookEndpoint(db: PaymentDb, id: string): Promise<WebhookEndpoint> {
  return toWebhookEndpoint(await getEndpointRow(db, id));
}

export async function updateWebhookEndpoint(
  deps: Deps,
  id: string,
  input: z.output<typeof updateWebhookEndpointBodySchema>,
): Promise<WebhookEndpoint> {
  await getOwnEndpointRow(deps.db, id);
  if (input.url !== undefined) {
    await resolveWebhookAddress(new URL(input.url), deps.webhooks.allowPrivateAddresses);
  }
  await updateEndpointRow(deps.db, id, {
    ...(input.url !== undefined && { url: input.url }),
    ...(input.enabled_events !== undefined && { enabled_events: JSON.stringify(input.enabled_events) }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.status !== undefined && { status: input.status }),
    ...(input.metadata !== undefined && { metadata: JSON.stringify(input.metadata) }),
    updated_at: deps.clock.now(),
  });
  return getWebhookEndpoint(deps.db, id);
}

export async function deleteWebhookEndpoint(db: PaymentDb, id: string) {
  await getOwnEndpointRow(db, id);
  await deleteEndpointRow(db, id);
  return { id, deleted: true as const };
}

/**
 * A new signing secret, shown once. The old one goes on signing beside it for
 * `expires_in_seconds`, so receivers can switch without missing a delivery.
 */
export async function rollWebhookSecret(
  deps: Deps,
  id: string,
  input: z.output<typeof rollWebhookSecretBodySchema>,
): Promise<WebhookEndpoint & { secret: string }> {
  const row = await getOwnEndpointRow(deps.db, id);
  const now = deps.clock.now();
  const secret = newSecret();
  const overlaps = input.expires_in_seconds > 0;
  await updateEndpointRow(deps.db, id, {
    secret,
    previous_secret: overlaps ? row.secret : null,
    previous_secret_expires_at: overlaps ? now + input.expires_in_seconds : null,
    updated_at: now,
  });
  return { ...(await getWebhookEndpoint(deps.db, id)), secret };
}

/** The secrets a delivery is signed with at `now`: the current one, and a rolled one still in its overlap. */
export function signingSecrets(row: WebhookEndpointRow, now: number): string[] {
  const previousValid =
    row.previous_secret !== null &&
    row.previous_secret_expires_at !== null &&
    row.previous_secret_expires_at > now;
  return previousValid ? [row.secret, row.previous_secret!] : [row.secret];
}

/**
 * Queues a delivery of each event to every endpoint enabled now in its mode that subscribed to
 * its type, and marks the events queued, in the caller's transaction: each event is queued once.
 */
export async function queueWebhookDeliveries(
  db: PaymentDb,
  events: readonly EventRow[],
  now: number,
): Promise<void> {
  if (events.length === 0) return;
  const subscribed = (await listEnabledEndpointSubscriptions(db)).map((endpoint) => ({
    id: endpoint.id,
    livemode: endpoint.livemode,
    types: new Set(readJson(enabledEventsJson, endpoint.enabled_events)),
  }));
  const rows: WebhookDeliveryRow[] = [];
  for (const event of events) {
    for (const endpoint of subscribed) {
      if (endpoint.livemode !== event.livemode) continue;
      if (!endpoint.types.has(ALL_EVENTS) && !endpoint.types.has(event.type)) continue;
      rows.push({
        id: newId('webhookDelivery'),
        endpoint_id: endpoint.id,
        event_id: event.id,
        event_type: event.type,
        object_id: event.object_id,
        event_created_at: event.created_at,
        event_position: event.position,
        status: 'pending',
        attempt_count: 0,
        // Due at once, before any retry: the event's time may be a test clock's, not the sender's.
        next_attempt_at: 0,
        created_at: event.created_at,
        test_event: null,
      });
    }
  }
  await insertDeliveryRows(db, rows);
  await markWebhooksQueued(
    db,
    events.map((event) => event.id),
    now,
  );
}

export async function listWebhookDeliveries(
  db: PaymentDb,
  endpointId: string,
  query: z.output<typeof listWebhookDeliveriesQuerySchema>,
) {
  await getEndpointRow(db, endpointId);
  const { rows, count } = await listDeliveryRows(
    db,
    { endpointId, status: query.status, eventId: query.event_id },
    query,
  );
  return { list: await toWebhookDeliveries(db, rows), count };
}

/**
 * `GET /webhook-endpoints/{id}/deliveries/export.csv`: every delivery the same filter lists,
 * newest first, a batch at a time with their attempts (an endpoint keeps 30 days of them).
 */
export async function exportWebhookDeliveries(
  db: PaymentDb,
  endpointId: string,
  query: z.output<typeof exportWebhookDeliveriesQuerySchema>,
): Promise<{ endpoint: WebhookEndpoint; deliveries: ListExport<WebhookDelivery> }> {
  const endpoint = toWebhookEndpoint(await getEndpointRow(db, endpointId));
  const rows = await exportDeliveryRows(db, { endpointId, status: query.status, eventId: query.event_id });
  return {
    endpoint,
    deliveries: {
      total: rows.total,
      records: mapBatches(rows.records, (batch) => toWebhookDeliveries(db, batch)),
    },
  };
}

async function getDeliveryRow(db: PaymentDb, id: string): Promise<WebhookDeliveryRow> {
  const row = await findDeliveryRow(db, id);
  if (!row) throw notFound('webhook delivery', id);
  return row;
}

export async function getWebhookDelivery(db: PaymentDb, id: string): Promise<WebhookDelivery> {
  const row = await getDeliveryRow(db, id);
  return toWebhookDelivery(row, await listAttemptRows(db, [id]));
}

/** Sends a delivery again as soon as the sender runs, whatever its earlier attempts gave. */
export async function redeliverWebhook(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  id: string,
): Promise<WebhookDelivery> {
  await getDeliveryRow(deps.db, id);
  await requeueDeliveryRow(deps.db, id, deps.clock.now());
  return getWebhookDelivery(deps.db, id);
}

/** `GET /events/{id}/deliveries`: where an event went, with every attempt at each. */
export async function listEventDeliveries(
  db: PaymentDb,
  eventId: string,
  query: z.output<typeof paginationQuerySchema>,
) {
  const { rows, count } = await listDeliveryRowsOfEvent(db, eventId, query);
  return { list: await toWebhookDeliveries(db, rows), count };
}

function toWebhookRedelivery(
  row: WebhookRedeliveryRow,
  states: readonly RedeliveryStateRow[],
): WebhookRedelivery {
  const count = (status: string) =>
    states.find((state) => state.redelivery_id === row.id && state.status === status)?.count ?? 0;
  const [succeeded, failed, pending] = [count('succeeded'), count('failed'), count('pending')];
  return {
    id: row.id,
    object: 'webhook_redelivery',
    endpoint_id: row.endpoint_id,
    created_at: row.created_at,
    total: succeeded + failed + pending,
    succeeded,
    failed,
    pending,
  };
}

/**
 * Sends many deliveries of an endpoint again as one operation: its failed ones (since a time), or
 * the ones named. They go back in the sender's line at once, in one transaction, and the
 * redelivery remembers which they were, so its progress is their states from then on.
 */
export async function createWebhookRedelivery(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  endpointId: string,
  input: z.output<typeof createWebhookRedeliveryBodySchema>,
): Promise<WebhookRedelivery> {
  await getEndpointRow(deps.db, endpointId);
  const selection = { endpointId, deliveryIds: input.delivery_ids, since: input.since };
  const row: WebhookRedeliveryRow = {
    id: newId('webhookRedelivery'),
    endpoint_id: endpointId,
    created_at: deps.clock.now(),
  };
  await deps.db.transaction().execute(async (trx) => {
    if (input.delivery_ids !== undefined) {
      const found = new Set(await listSelectedDeliveryIds(trx, selection));
      const missing = input.delivery_ids.find((id) => !found.has(id));
      if (missing !== undefined) throw notFound('webhook delivery of this endpoint', missing);
    }
    const taken = await insertRedelivery(trx, row, selection);
    if (taken === 0) throw new AppError('NOT_FOUND', 'The endpoint has no failed deliveries to redeliver');
  });
  return getWebhookRedelivery(deps.db, row.id);
}

export async function getWebhookRedelivery(db: PaymentDb, id: string): Promise<WebhookRedelivery> {
  const row = await findRedeliveryRow(db, id);
  if (!row) throw notFound('webhook redelivery', id);
  return toWebhookRedelivery(row, await countRedeliveryStates(db, [id]));
}

/** An endpoint's redeliveries, newest first, each with its progress. */
export async function listWebhookRedeliveries(
  db: PaymentDb,
  endpointId: string,
  query: z.output<typeof paginationQuerySchema>,
) {
  await getEndpointRow(db, endpointId);
  const { rows, count } = await listRedeliveryRows(db, endpointId, query);
  const states = await countRedeliveryStates(
    db,
    rows.map((row) => row.id),
  );
  return { list: rows.map((row) => toWebhookRedelivery(row, states)), count };
}
