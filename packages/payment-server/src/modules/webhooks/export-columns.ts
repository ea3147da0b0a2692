import type { WebhookDelivery, WebhookEndpoint } from '@bazaar/schemas';
import type { CsvColumn } from '@bazaar/server-kit';
import { metadataCell, timeCell } from '../../http/csv-cells.ts';

/** The columns of `GET /webhook-endpoints/export.csv`: the endpoints in full, never their secrets. */
export const WEBHOOK_ENDPOINT_CSV_COLUMNS: readonly CsvColumn<WebhookEndpoint>[] = [
  { header: 'id', value: (endpoint) => endpoint.id },
  { header: 'url', value: (endpoint) => endpoint.url },
  { header: 'description', value: (endpoint) => endpoint.description },
  { header: 'status', value: (endpoint) => endpoint.status },
  { header: 'enabled_events', value: (endpoint) => endpoint.enabled_events.join(' ') },
  { header: 'failing_since', value: (endpoint) => timeCell(endpoint.failing_since) },
  { header: 'metadata', value: (endpoint) => metadataCell(endpoint.metadata) },
  { header: 'created', value: (endpoint) => timeCell(endpoint.created_at) },
  { header: 'updated', value: (endpoint) => timeCell(endpoint.updated_at) },
];

const lastAttempt = (delivery: WebhookDelivery) => delivery.attempts.at(-1) ?? null;

/**
 * The columns of `GET /webhook-endpoints/{id}/deliveries/export.csv`: what the delivery list
 * shows, with the latest attempt's answer (a delivery's every attempt is on its page).
 */
export const WEBHOOK_DELIVERY_CSV_COLUMNS: readonly CsvColumn<WebhookDelivery>[] = [
  { header: 'id', value: (delivery) => delivery.id },
  { header: 'event_id', value: (delivery) => delivery.event_id },
  { header: 'event_type', value: (delivery) => delivery.event_type },
  { header: 'test', value: (delivery) => delivery.test },
  { header: 'status', value: (delivery) => delivery.status },
  { header: 'attempts', value: (delivery) => delivery.attempt_count },
  { header: 'last_attempt', value: (delivery) => timeCell(lastAttempt(delivery)?.created_at ?? null) },
  { header: 'response_status', value: (delivery) => lastAttempt(delivery)?.response_status ?? null },
  { header: 'error', value: (delivery) => lastAttempt(delivery)?.error ?? null },
  { header: 'duration_ms', value: (delivery) => lastAttempt(delivery)?.duration_ms ?? null },
  { header: 'next_attempt', value: (delivery) => timeCell(delivery.next_attempt_at) },
  { header: 'created', value: (delivery) => timeCell(delivery.created_at) },
];
