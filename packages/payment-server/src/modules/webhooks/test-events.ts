import {
  eventObjectSchema,
  newId,
  type EventObject,
  type EventPayload,
  type EventType,
  type WebhookDelivery,
} from '@bazaar/schemas';
import { fromFlag } from '../../db/json.ts';
import { attemptBatch, webhookLeaseSeconds, type WebhookSenderDeps } from './delivery.ts';
import { insertDeliveryRows, type WebhookDeliveryRow } from './repository.ts';
import { getOwnEndpointRow, getWebhookDelivery } from './service.ts';

/** The data of events of type `T`: kinds share a payload among several types, so match by inclusion. */
type DataOf<T extends EventType> = EventPayload extends infer Payload
  ? Payload extends { type: infer Types; data: infer Data }
    ? T extends Types
      ? Data
      : never
    : never
  : never;

const invoice = () => ({
  id: newId('invoice'),
  customer_id: newId('customer'),
  subscription_id: newId('subscription'),
});
const subscription = (status: string) => () => ({
  id: newId('subscription'),
  customer_id: newId('customer'),
  status,
});
const customer = () => ({ id: newId('customer'), name: 'Test Customer', email: 'test@example.com' });
const refund = (status: string) => () => ({
  id: newId('refund'),
  payment_intent_id: newId('paymentIntent'),
  customer_id: newId('customer'),
  invoice_id: null,
  amount: '500',
  currency_id: newId('paymentCurrency'),
  type: 'refund',
  status,
});

/**
 * A made-up object for each type, shaped as the real event's data is, with fresh ids that name
 * nothing: a receiver parses it as it would a real one, and finds no such object if it looks.
 * Typed per type, so a type added to the catalogue does not compile until it has one here.
 */
const TEST_DATA: { [T in EventType]: () => DataOf<T> } = {
  'checkout.session.completed': () => ({
    id: newId('checkoutSession'),
    customer_id: newId('customer'),
    invoice_id: null,
    subscription_id: null,
    payment_status: 'paid',
  }),
  'checkout.session.expired': () => ({ id: newId('checkoutSession') }),
  'invoice.paid': invoice,
  'invoice.created': invoice,
  'invoice.finalized': invoice,
  'invoice.marked_uncollectible': invoice,
  'invoice.voided': invoice,
  'invoice.payment_failed': () => ({
    ...invoice(),
    attempt_count: 1,
    next_payment_attempt: null,
    code: 'card_declined',
  }),
  'customer.subscription.created': subscription('active'),
  'customer.subscription.updated': subscription('active'),
  'customer.subscription.deleted': subscription('canceled'),
  'customer.subscription.trial_will_end': subscription('trialing'),
  'customer.created': customer,
  'customer.updated': customer,
  'payment_intent.succeeded': () => ({ id: newId('paymentIntent'), customer_id: newId('customer') }),
  'payment_intent.payment_failed': () => ({
    id: newId('paymentIntent'),
    customer_id: newId('customer'),
    code: 'card_declined',
  }),
  'refund.created': refund('pending'),
  'refund.succeeded': refund('succeeded'),
  'refund.failed': refund('failed'),
  'donation.updated': () => ({
    id: newId('paymentLink'),
    target: '10000',
    total_amount: '2500',
    supporter_count: 3,
    currency_id: newId('paymentCurrency'),
  }),
};

/** An event of `type` about a made-up object, in the endpoint's mode, as webhooks carry events. */
export function makeTestEvent(type: EventType, livemode: boolean, now: number): EventObject {
  const data = TEST_DATA[type]();
  return eventObjectSchema.parse({
    id: newId('event'),
    object: 'event',
    type,
    object_id: data.id,
    data,
    livemode,
    created: now,
  });
}

/**
 * `POST /webhook-endpoints/{id}/test`, Stripe's "send test webhook": a test event sent to this
 * endpoint alone, now, signed and through the address guard as every delivery is, and recorded
 * as a delivery with its attempt. It is saved leased before it is sent, so the sender leaves it
 * alone, and one this node dies sending is sent by the sender when the lease runs out.
 */
export async function sendTestWebhook(
  deps: WebhookSenderDeps,
  endpointId: string,
  input: { type: EventType },
): Promise<WebhookDelivery> {
  const endpoint = await getOwnEndpointRow(deps.db, endpointId);
  const now = deps.clock.now();
  const event = makeTestEvent(input.type, fromFlag(endpoint.livemode), now);
  const row: WebhookDeliveryRow = {
    id: newId('webhookDelivery'),
    endpoint_id: endpoint.id,
    event_id: event.id,
    event_type: event.type,
    object_id: event.object_id,
    event_created_at: now,
    event_position: 0,
    status: 'pending',
    attempt_count: 0,
    next_attempt_at: now + webhookLeaseSeconds(deps.webhooks.timeoutMs),
    created_at: now,
    test_event: JSON.stringify(event),
  };
  await insertDeliveryRows(deps.db, [row]);
  await attemptBatch(deps, [row]);
  return getWebhookDelivery(deps.db, row.id);
}
