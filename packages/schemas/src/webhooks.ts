import { z } from 'zod';
import {
  metadataInputSchema,
  metadataSchema,
  paginationQuerySchema,
  SORT_DIRECTIONS,
  timestampSchema,
  unlessEmpty,
} from './common.ts';
import { eventSchema, type EventType } from './events.ts';

/** Every type the catalogue knows, as an endpoint may subscribe to it. */
export const EVENT_TYPES = eventSchema.options.flatMap((option) => option.shape.type.options) as EventType[];

/** `enabled_events: ['*']` subscribes to every type, including types added later. */
export const ALL_EVENTS = '*';

export const eventTypeSchema = z.enum(EVENT_TYPES as [EventType, ...EventType[]]);

/** An event as the API and webhooks carry it: the object's details at the time it happened. */
export const eventObjectSchema = z.object({
  id: z.string(),
  object: z.literal('event'),
  type: eventTypeSchema,
  /** The object the event is about (`data.id`). */
  object_id: z.string(),
  data: z.record(z.string(), z.unknown()),
  livemode: z.boolean(),
  created: timestampSchema,
});
export type EventObject = z.infer<typeof eventObjectSchema>;

/** Events are kept for the API 30 days, as Stripe does. */
export const EVENT_RETENTION_DAYS = 30;

/** The kind of object an event is about: its type without the last part (`invoice.paid` → `invoice`). */
export const eventObjectTypeOf = (type: string): string => type.slice(0, type.lastIndexOf('.'));

export const EVENT_OBJECT_TYPES = [...new Set(EVENT_TYPES.map(eventObjectTypeOf))] as [string, ...string[]];

/** The event log's filters; an empty parameter filters nothing. */
const eventFilters = {
  type: unlessEmpty(eventTypeSchema),
  object_type: unlessEmpty(z.enum(EVENT_OBJECT_TYPES)),
  object_id: unlessEmpty(z.string().trim().max(100)),
};

/** `GET /events`: newest first unless `sortDirection=asc`. */
export const listEventsQuerySchema = paginationQuerySchema.extend({
  ...eventFilters,
  sortDirection: unlessEmpty(z.enum(SORT_DIRECTIONS)),
});

/** `GET /events/export.csv`: the log's filters, every row at once, newest first. */
export const exportEventsQuerySchema = z.object(eventFilters);

export const WEBHOOK_ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;

const webhookEndpointFields = {
  url: z
    .string()
    .max(2_048)
    .url()
    .refine((url) => /^https?:\/\//i.test(url), 'A webhook URL is http or https'),
  enabled_events: z
    .array(z.union([eventTypeSchema, z.literal(ALL_EVENTS)]))
    .min(1, 'Name at least one event type, or * for all')
    .max(EVENT_TYPES.length + 1),
  description: z.string().max(1_000).nullable(),
  metadata: metadataInputSchema,
};

export const createWebhookEndpointBodySchema = z.object({
  livemode: z.boolean(),
  url: webhookEndpointFields.url,
  enabled_events: webhookEndpointFields.enabled_events,
  description: webhookEndpointFields.description.default(null),
  metadata: webhookEndpointFields.metadata.default({}),
});
export type CreateWebhookEndpointBody = z.input<typeof createWebhookEndpointBodySchema>;

export const updateWebhookEndpointBodySchema = z
  .object({ ...webhookEndpointFields, status: z.enum(WEBHOOK_ENDPOINT_STATUSES) })
  .partial();
export type UpdateWebhookEndpointBody = z.input<typeof updateWebhookEndpointBodySchema>;

/** A rolled secret's predecessor keeps signing for at most this long (Stripe allows a day). */
export const WEBHOOK_SECRET_OVERLAP_MAX_SECONDS = 24 * 60 * 60;

export const rollWebhookSecretBodySchema = z.object({
  /** How long deliveries still carry a signature made with the old secret; 0 ends it now. */
  expires_in_seconds: z.number().int().min(0).max(WEBHOOK_SECRET_OVERLAP_MAX_SECONDS).default(0),
});

export const webhookEndpointSchema = z.object({
  id: z.string(),
  object: z.literal('webhook_endpoint'),
  url: z.string(),
  enabled_events: z.array(z.string()),
  description: z.string().nullable(),
  status: z.enum(WEBHOOK_ENDPOINT_STATUSES),
  /** Set when a delivery to it gave up after its retries: it needs the merchant's attention. */
  failing_since: timestampSchema.nullable(),
  metadata: metadataSchema,
  livemode: z.boolean(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer that creates an endpoint or rolls its secret: the only one that shows the secret. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const webhookAttemptSchema = z.object({
  id: z.string(),
  object: z.literal('webhook_attempt'),
  delivery_id: z.string(),
  status: z.enum(['succeeded', 'failed']),
  /** The receiver's HTTP status; null when no answer came (refused address, timeout, network). */
  response_status: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int().nonnegative(),
  /** 0 for the first attempt, then one more for each retry. */
  retry_count: z.number().int().nonnegative(),
  created_at: timestampSchema,
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  object: z.literal('webhook_delivery'),
  endpoint_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempt_count: z.number().int().nonnegative(),
  next_attempt_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  /** A test event sent by hand (`POST /webhook-endpoints/{id}/test`): not in the event log, tried once. */
  test: z.boolean(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const listWebhookDeliveriesQuerySchema = paginationQuerySchema.extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  event_id: z.string().max(100).optional(),
});

/** An export holds every page of the list's filter. */
export const exportWebhookDeliveriesQuerySchema = listWebhookDeliveriesQuerySchema.omit({
  page: true,
  pageSize: true,
});

/** `POST /webhook-endpoints/{id}/test`: a made-up event of this type, signed and sent now. */
export const sendTestWebhookBodySchema = z.object({ type: eventTypeSchema });

/**
 * `POST /webhook-endpoints/{id}/redeliveries`: the endpoint's failed deliveries, or the ones named,
 * sent again by the webhook sender; `since` keeps those of events from then on.
 */
export const createWebhookRedeliveryBodySchema = z.object({
  delivery_ids: z.array(z.string().max(100)).min(1).max(1_000).optional(),
  since: timestampSchema.optional(),
});
export type CreateWebhookRedeliveryBody = z.input<typeof createWebhookRedeliveryBodySchema>;

/** A redelivery of many deliveries and how far the sender is with it: its deliveries' states now. */
export const webhookRedeliverySchema = z.object({
  id: z.string(),
  object: z.literal('webhook_redelivery'),
  endpoint_id: z.string(),
  created_at: timestampSchema,
  total: z.number().int().nonnegative(),
  succeeded: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
});
export type WebhookRedelivery = z.infer<typeof webhookRedeliverySchema>;
