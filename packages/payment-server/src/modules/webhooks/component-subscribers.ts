import { newId, randomToken, type EventObject, type EventSubscriber } from '@bazaar/schemas';
import type { PaymentDb } from '../../db/tables.ts';
import { insertEndpointRow, listEndpointRowsByUrl, updateEndpointRow } from './repository.ts';
import type { SendResult } from './sender.ts';

/**
 * A subscribed component (`EventSubscriber`, the Store) learns of the kit's events in-process as
 * a merchant's endpoint does over HTTP: it is a webhook endpoint whose URL names it
 * (`component:{name}`), one per mode, so its deliveries are queued, ordered per object, retried
 * and recorded exactly as webhooks are, and it never reads the kit's tables.
 */
export type EventSubscribers = ReadonlyMap<string, EventSubscriber>;

const COMPONENT_SCHEME = 'component:';

const componentEndpointUrl = (name: string) => `${COMPONENT_SCHEME}${name}`;

/** The subscriber an endpoint's URL names; null for a merchant's HTTP endpoint. */
export function subscriberNamed(url: string): string | null {
  return url.startsWith(COMPONENT_SCHEME) ? url.slice(COMPONENT_SCHEME.length) : null;
}

/**
 * Makes each subscriber's endpoints match what it subscribes to now, in live and test mode:
 * created the first time, their events updated after. Runs at every start, before any sending.
 */
export async function saveSubscriberEndpoints(
  db: PaymentDb,
  subscribers: EventSubscribers,
  now: number,
): Promise<void> {
  for (const subscriber of subscribers.values()) {
    const url = componentEndpointUrl(subscriber.name);
    const enabledEvents = JSON.stringify([...subscriber.events].sort());
    const existing = await listEndpointRowsByUrl(db, url);
    for (const livemode of [0, 1]) {
      const row = existing.find((endpoint) => endpoint.livemode === livemode);
      if (row) {
        if (row.enabled_events !== enabledEvents) {
          await updateEndpointRow(db, row.id, { enabled_events: enabledEvents, updated_at: now });
        }
        continue;
      }
      await insertEndpointRow(db, {
        id: newId('webhookEndpoint'),
        url,
        enabled_events: enabledEvents,
        description: `The ${subscriber.name} component of this platform`,
        status: 'enabled',
        // Nothing is signed in-process; the column holds a secret nobody is shown.
        secret: `whsec_${randomToken(32)}`,
        previous_secret: null,
        previous_secret_expires_at: null,
        failing_since: null,
        metadata: '{}',
        livemode,
        created_at: now,
        updated_at: now,
      });
    }
  }
}

/** Hands an event to a component's handler; a throw is a failed attempt, retried as a webhook's. */
export async function deliverToSubscriber(
  subscriber: EventSubscriber | undefined,
  event: EventObject,
): Promise<SendResult> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  if (!subscriber) return { error: 'No component of that name runs on this node', durationMs: 0 };
  try {
    await subscriber.handle(event);
    return { status: 200, durationMs: durationMs() };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), durationMs: durationMs() };
  }
}
