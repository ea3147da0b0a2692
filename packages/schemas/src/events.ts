import { z } from 'zod';

/**
 * The one event catalogue: the outbox rows, webhooks, the realtime relay and React subscribers
 * all speak these types. `data` carries the identifiers a subscriber needs to match and refetch.
 */
export const eventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('checkout.session.completed'),
    data: z.object({
      id: z.string(),
      customer_id: z.string().nullable(),
      invoice_id: z.string().nullable(),
      subscription_id: z.string().nullable(),
      payment_status: z.string(),
    }),
  }),
  z.object({
    type: z.literal('checkout.session.expired'),
    data: z.object({ id: z.string() }),
  }),
  z.object({
    type: z.literal('invoice.paid'),
    data: z.object({
      id: z.string(),
      customer_id: z.string(),
      subscription_id: z.string().nullable(),
    }),
  }),
  z.object({
    type: z.enum(['invoice.created', 'invoice.finalized', 'invoice.marked_uncollectible', 'invoice.voided']),
    data: z.object({
      id: z.string(),
      customer_id: z.string(),
      subscription_id: z.string().nullable(),
    }),
  }),
  z.object({
    type: z.literal('invoice.payment_failed'),
    data: z.object({
      id: z.string(),
      customer_id: z.string(),
      subscription_id: z.string().nullable(),
      attempt_count: z.number().int(),
      next_payment_attempt: z.number().int().nullable(),
      code: z.string(),
    }),
  }),
  z.object({
    type: z.enum([
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]),
    data: z.object({ id: z.string(), customer_id: z.string(), status: z.string() }),
  }),
  z.object({
    type: z.literal('payment_intent.succeeded'),
    data: z.object({ id: z.string(), customer_id: z.string().nullable() }),
  }),
  z.object({
    type: z.literal('payment_intent.payment_failed'),
    data: z.object({ id: z.string(), customer_id: z.string().nullable(), code: z.string() }),
  }),
]);
export type EventPayload = z.infer<typeof eventSchema>;
export type EventType = EventPayload['type'];

/** What the relay delivers to subscribers: the payload plus its id and time. */
export const relayEventSchema = z.intersection(
  eventSchema,
  z.object({ id: z.string(), livemode: z.boolean(), created: z.number().int() }),
);
export type RelayEvent = z.infer<typeof relayEventSchema>;
