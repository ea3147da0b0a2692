import { resourceMissing } from './api-error.ts';
import { ok, type Handler } from './context.ts';
import { newId, unixNow } from './ids.ts';
import { API_VERSION } from './objects.ts';
import { assertKnownParams } from './params.ts';
import { snapshot, type Store } from './store.ts';
import type { StripeEvent } from './types.ts';

/** The request an event is attributed to, as `event.request` shows it. */
export interface EventRequest {
  id: string | null;
  idempotency_key: string | null;
}

/** Records an event about `object` as it is at this moment. */
export type Emit = (type: string, object: object, previousAttributes?: Record<string, unknown>) => void;

/** Where new events go once recorded: the webhook dispatcher. */
export interface EventSink {
  endpointCount(): number;
  enqueue(event: StripeEvent): void;
}

export function newEvent(input: {
  type: string;
  object: object;
  request: EventRequest;
  previousAttributes: Record<string, unknown> | undefined;
  pendingWebhooks: number;
}): StripeEvent {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: unixNow(),
    data: {
      object: snapshot(input.object) as Record<string, unknown>,
      ...(input.previousAttributes && { previous_attributes: input.previousAttributes }),
    },
    livemode: false,
    pending_webhooks: input.pendingWebhooks,
    request: input.request,
    type: input.type,
  };
}

/** An emitter for one request (or for the "later" of advanceRefunds, with a null request). */
export function emitterFor(store: Store, sink: EventSink, request: EventRequest): Emit {
  return (type, object, previousAttributes) => {
    const event = newEvent({
      type,
      object,
      request,
      previousAttributes,
      pendingWebhooks: sink.endpointCount(),
    });
    store.events.push(event);
    sink.enqueue(event);
  };
}

/** GET /v1/events/:id — a webhook handler may read the event back from Stripe. */
export const retrieveEvent: Handler = ({ store, params, id }) => {
  assertKnownParams(params, ['expand']);
  const event = store.events.find((candidate) => candidate.id === id);
  if (!event) throw resourceMissing('event', id);
  return ok(snapshot(event));
};
