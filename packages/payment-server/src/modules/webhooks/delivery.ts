import { eventObjectSchema, newId, type EventObject } from '@bazaar/schemas';
import {
  AppError,
  createPeriodicJob,
  signWebhook,
  WEBHOOK_SIGNATURE_HEADER,
  type PeriodicJob,
} from '@bazaar/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentDeps } from '../../deps.ts';
import { listEventRowsByIds, lockUnqueuedEventRows } from '../events/repository.ts';
import { toEventObject } from '../events/service.ts';
import { resolveWebhookAddress } from './address-guard.ts';
import { deliverToSubscriber, subscriberNamed, type EventSubscribers } from './component-subscribers.ts';
import {
  claimDueDeliveries,
  clearEndpointsFailing,
  flagEndpointsFailing,
  listEndpointRowsByIds,
  recordAttemptRows,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './repository.ts';
import { postWebhook, type SendResult } from './sender.ts';
import { queueWebhookDeliveries, signingSecrets } from './service.ts';

export type WebhookSenderDeps = Pick<PaymentDeps, 'db' | 'clock' | 'webhooks'> & {
  /** The platform's components that subscribe to events in-process, by name (none if absent). */
  subscribers?: EventSubscribers;
};

const POLL_INTERVAL_MS = 1_000;
const BATCH_SIZE = 50;
const QUEUE_BATCH_SIZE = 500;
const CONCURRENT_ATTEMPTS = 8;

/**
 * How long a claimed batch is leased: each of its lanes may wait out the timeout on every one of
 * its attempts, and a minute more. A lease then runs out only when its sender died.
 */
export function webhookLeaseSeconds(timeoutMs: number): number {
  return Math.ceil(BATCH_SIZE / CONCURRENT_ATTEMPTS) * Math.ceil(timeoutMs / 1000) + 60;
}
/** A failing delivery is retried for at least this long before it gives up and flags its endpoint. */
export const WEBHOOK_RETRY_WINDOW_SECONDS = 3 * 24 * 60 * 60;
const MAX_RETRY_DELAY_SECONDS = 8 * 60 * 60;

/** 1 min after the first failure, doubling up to 8 h. */
export function retryDelaySeconds(failedAttempts: number): number {
  return Math.min(60 * 2 ** (failedAttempts - 1), MAX_RETRY_DELAY_SECONDS);
}

/**
 * The attempt that gives up: the first whose scheduled delays since the first attempt add up to
 * the retry window (18). Each retry happens when due or later, so by then the delivery has been
 * tried for at least the window, whatever clock its event carries (a test clock's may be days
 * ahead of real time).
 */
export const WEBHOOK_MAX_ATTEMPTS = (() => {
  let attempts = 1;
  for (let waited = 0; waited < WEBHOOK_RETRY_WINDOW_SECONDS; attempts += 1)
    waited += retryDelaySeconds(attempts);
  return attempts;
})();

async function send(
  deps: WebhookSenderDeps,
  endpoint: WebhookEndpointRow,
  event: EventObject,
  now: number,
): Promise<SendResult> {
  const subscriber = subscriberNamed(endpoint.url);
  if (subscriber !== null) return deliverToSubscriber(deps.subscribers?.get(subscriber), event);
  const url = new URL(endpoint.url);
  let address;
  try {
    address = await resolveWebhookAddress(url, deps.webhooks.allowPrivateAddresses);
  } catch (error) {
    if (error instanceof AppError) return { error: error.message, durationMs: 0 };
    throw error;
  }
  const body = JSON.stringify(event);
  return postWebhook({
    url,
    address,
    body,
    headers: {
      [WEBHOOK_SIGNATURE_HEADER]: signWebhook(signingSecrets(endpoint, now), now, body),
      'user-agent': 'Bazaar-Webhooks/1',
    },
    timeoutMs: deps.webhooks.timeoutMs,
  });
}

/**
 * What one attempt leaves: the delivery settled, retried later, or given up. A test event is
 * tried once: the operator who sent it is watching, and its failure says nothing of the
 * endpoint's health.
 */
function outcomeOf(delivery: WebhookDeliveryRow, result: SendResult, now: number) {
  const succeeded = 'status' in result && result.status >= 200 && result.status < 300;
  const attempts = delivery.attempt_count + 1;
  const isTest = delivery.test_event !== null;
  const givesUp = !succeeded && (isTest || attempts >= WEBHOOK_MAX_ATTEMPTS);
  return {
    succeeded,
    givesUp,
    flagsEndpoint: givesUp && !isTest,
    patch: {
      attempt_count: attempts,
      status: succeeded ? 'succeeded' : givesUp ? 'failed' : 'pending',
      next_attempt_at: succeeded || givesUp ? null : now + retryDelaySeconds(attempts),
    },
    attempt: {
      id: newId('webhookAttempt'),
      delivery_id: delivery.id,
      status: succeeded ? 'succeeded' : 'failed',
      response_status: 'status' in result ? result.status : null,
      error: 'error' in result ? result.error : null,
      duration_ms: result.durationMs,
      retry_count: delivery.attempt_count,
      created_at: now,
    },
  };
}

/**
 * Attempts a batch of leased deliveries, a few at a time, and records every outcome in one
 * transaction. A crash before that record leaves them leased: they are sent again when the
 * lease runs out, which receivers, de-duplicating by event id, do not notice.
 */
export async function attemptBatch(
  deps: WebhookSenderDeps,
  deliveries: readonly WebhookDeliveryRow[],
): Promise<void> {
  const endpoints = new Map(
    (
      await listEndpointRowsByIds(deps.db, [...new Set(deliveries.map((delivery) => delivery.endpoint_id))])
    ).map((row) => [row.id, row]),
  );
  const events = new Map(
    (
      await listEventRowsByIds(
        deps.db,
        deliveries.filter((delivery) => delivery.test_event === null).map((delivery) => delivery.event_id),
      )
    ).map((row) => [row.id, toEventObject(row)]),
  );
  const eventOf = (delivery: WebhookDeliveryRow): EventObject | undefined =>
    delivery.test_event === null
      ? events.get(delivery.event_id)
      : eventObjectSchema.parse(JSON.parse(delivery.test_event));
  const outcomes: (ReturnType<typeof outcomeOf> & { endpoint: WebhookEndpointRow })[] = [];
  const queue = [...deliveries];
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENT_ATTEMPTS, queue.length) }, async () => {
      for (let delivery = queue.shift(); delivery; delivery = queue.shift()) {
        const endpoint = endpoints.get(delivery.endpoint_id);
        const event = eventOf(delivery);
        // An endpoint deleted while the batch waited took its deliveries with it.
        if (!endpoint || !event) continue;
        const now = deps.clock.now();
        outcomes.push({ ...outcomeOf(delivery, await send(deps, endpoint, event, now), now), endpoint });
      }
    }),
  );
  await recordAttemptRows(deps.db, outcomes);
  const recovered = outcomes.filter(
    (outcome) => outcome.succeeded && outcome.endpoint.failing_since !== null,
  );
  await clearEndpointsFailing(deps.db, [...new Set(recovered.map((outcome) => outcome.endpoint.id))]);
  const givenUp = outcomes.filter((outcome) => outcome.flagsEndpoint);
  await flagEndpointsFailing(
    deps.db,
    [...new Set(givenUp.map((outcome) => outcome.endpoint.id))],
    deps.clock.now(),
  );
}

/**
 * Queues the deliveries of every event written since the last run, a batch at a time: one read of
 * the endpoints per batch, outside the transactions that wrote the events (the renewal engine
 * writes events per invoice, a checkout's confirm on its hot path).
 */
async function queueNewDeliveries(deps: WebhookSenderDeps): Promise<void> {
  for (;;) {
    const queued = await deps.db.transaction().execute(async (trx) => {
      const events = await lockUnqueuedEventRows(trx, QUEUE_BATCH_SIZE);
      await queueWebhookDeliveries(trx, events, deps.clock.now());
      return events.length;
    });
    if (queued < QUEUE_BATCH_SIZE) return;
  }
}

/**
 * Sends every delivery that is due and first in line for its object, until none is left;
 * answers how many attempts it made. Each batch is leased first, so on PostgreSQL several nodes
 * share the work and a delivery has one sender at a time.
 */
export async function deliverDueWebhooks(deps: WebhookSenderDeps): Promise<number> {
  await queueNewDeliveries(deps);
  let attempts = 0;
  for (;;) {
    const now = deps.clock.now();
    const claimed = await claimDueDeliveries(deps.db, {
      now,
      leaseUntil: now + webhookLeaseSeconds(deps.webhooks.timeoutMs),
      limit: BATCH_SIZE,
    });
    // A delivery that went through lets the next event of its object go, in this same run.
    if (claimed.length === 0) return attempts;
    await attemptBatch(deps, claimed);
    attempts += claimed.length;
  }
}

export function createWebhookSender(deps: WebhookSenderDeps, logger: FastifyBaseLogger): PeriodicJob {
  return createPeriodicJob({
    task: () => deliverDueWebhooks(deps),
    intervalMs: POLL_INTERVAL_MS,
    logger,
    failureMessage: 'sending webhooks failed; the next run retries',
  });
}
