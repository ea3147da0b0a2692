import { z } from 'zod';

const relayedFields = { id: z.string(), livemode: z.boolean(), created: z.number().int() };

/**
 * One kind of event: the ids a subscriber matches on and refetches by, and the details the
 * outbox and webhooks carry besides. The relay carries the ids alone: a socket may hear of an
 * object it is not allowed to read (an admin's, a payer's checkout page), so what it hears must
 * say nothing the object's own routes would not tell it.
 */
function eventKind<
  const Types extends readonly [string, ...string[]],
  Ids extends z.ZodRawShape,
  Details extends z.ZodRawShape,
>(types: Types, ids: Ids, details: Details) {
  const type = z.enum(types);
  return {
    payload: z.object({ type, data: z.object({ ...ids, ...details }) }),
    relayed: z.object({ type, data: z.object(ids), ...relayedFields }),
  };
}

const invoiceIds = { id: z.string(), customer_id: z.string(), subscription_id: z.string().nullable() };
const intentIds = { id: z.string(), customer_id: z.string().nullable() };

const checkoutCompleted = eventKind(
  ['checkout.session.completed'],
  {
    id: z.string(),
    customer_id: z.string().nullable(),
    invoice_id: z.string().nullable(),
    subscription_id: z.string().nullable(),
  },
  { payment_status: z.string() },
);
const checkoutExpired = eventKind(['checkout.session.expired'], { id: z.string() }, {});
const invoiceChanged = eventKind(
  ['invoice.paid', 'invoice.created', 'invoice.finalized', 'invoice.marked_uncollectible', 'invoice.voided'],
  invoiceIds,
  {},
);
const invoicePaymentFailed = eventKind(['invoice.payment_failed'], invoiceIds, {
  attempt_count: z.number().int(),
  next_payment_attempt: z.number().int().nullable(),
  code: z.string(),
});
const subscriptionChanged = eventKind(
  [
    'customer.subscription.created',
    'customer.subscription.updated',
    'customer.subscription.deleted',
    'customer.subscription.trial_will_end',
  ],
  { id: z.string(), customer_id: z.string() },
  { status: z.string() },
);
const customerChanged = eventKind(
  ['customer.created', 'customer.updated'],
  { id: z.string() },
  { name: z.string(), email: z.string() },
);
const refundChanged = eventKind(
  ['refund.created', 'refund.succeeded', 'refund.failed'],
  {
    id: z.string(),
    payment_intent_id: z.string(),
    customer_id: z.string().nullable(),
    invoice_id: z.string().nullable(),
  },
  { amount: z.string(), currency_id: z.string(), type: z.string(), status: z.string() },
);
/**
 * A donation link's totals moved: every widget showing the target hears it (the relay's audience
 * is everyone), so it says nothing of who gave or how much, only the link's new totals.
 */
const donationUpdated = eventKind(
  ['donation.updated'],
  { id: z.string() },
  {
    target: z.string(),
    total_amount: z.string(),
    supporter_count: z.number().int(),
    currency_id: z.string(),
  },
);
/**
 * A comment on a Store app's page was posted or deleted. The Store has no outbox: these go to
 * the relay alone (not `eventSchema`, which is the Payment Kit's outbox and webhooks), to every
 * page (audience everyone), so they name the app (`app_did`) and the comment, nothing of who
 * wrote what; a page showing the app's comments reads them again.
 */
const storeCommentChanged = eventKind(
  ['store.comment.created', 'store.comment.deleted'],
  { id: z.string(), app_did: z.string() },
  {},
);
const intentSucceeded = eventKind(['payment_intent.succeeded'], intentIds, {});
const intentFailed = eventKind(['payment_intent.payment_failed'], intentIds, { code: z.string() });

/**
 * The one event catalogue: the outbox rows and webhooks carry these payloads, the realtime relay
 * and React subscribers their ids (`relayEventSchema`).
 */
export const eventSchema = z.discriminatedUnion('type', [
  checkoutCompleted.payload,
  checkoutExpired.payload,
  invoiceChanged.payload,
  invoicePaymentFailed.payload,
  subscriptionChanged.payload,
  customerChanged.payload,
  intentSucceeded.payload,
  intentFailed.payload,
  refundChanged.payload,
  donationUpdated.payload,
]);
export type EventPayload = z.infer<typeof eventSchema>;
export type EventType = EventPayload['type'];

/**
 * What the relay delivers: the event's id, type, mode and time, and in `data` only the `id` and
 * `*_id` fields of its payload. Parsing a full payload with it drops the rest.
 */
export const relayEventSchema = z.discriminatedUnion('type', [
  checkoutCompleted.relayed,
  checkoutExpired.relayed,
  invoiceChanged.relayed,
  invoicePaymentFailed.relayed,
  subscriptionChanged.relayed,
  customerChanged.relayed,
  intentSucceeded.relayed,
  intentFailed.relayed,
  refundChanged.relayed,
  donationUpdated.relayed,
  storeCommentChanged.relayed,
]);
export type RelayEvent = z.infer<typeof relayEventSchema>;
