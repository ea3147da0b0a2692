import {
  ALL_EVENTS,
  type CreateWebhookEndpointBody,
  type EventType,
  type WebhookEndpoint,
} from '@bazaar/schemas';

export interface WebhookFormValues {
  url: string;
  description: string;
  all_events: boolean;
  /** The types chosen when not all. */
  enabled_events: EventType[];
}

export const WEBHOOK_FORM_FIELDS = ['url', 'description', 'enabled_events'] as const;

export function webhookFormValuesOf(endpoint: WebhookEndpoint | undefined): WebhookFormValues {
  const types = endpoint?.enabled_events ?? [ALL_EVENTS];
  return {
    url: endpoint?.url ?? '',
    description: endpoint?.description ?? '',
    all_events: types.includes(ALL_EVENTS),
    enabled_events: types.filter((type): type is EventType => type !== ALL_EVENTS),
  };
}

/** What the form sends: `*` for every event, an empty description as none. */
export function webhookBodyOf(values: WebhookFormValues) {
  return {
    url: values.url.trim(),
    description: values.description.trim() || null,
    enabled_events: values.all_events ? [ALL_EVENTS] : values.enabled_events,
  } satisfies Omit<CreateWebhookEndpointBody, 'livemode'>;
}
