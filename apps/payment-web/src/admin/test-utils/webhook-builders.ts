import type {
  EventObject,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookRedelivery,
} from '@bazaar/schemas';
import { MIDDAY } from './customer-builders.ts';

/** Test builders: valid answers of the event log's and webhooks' endpoints, with just the fields a test cares about changed. */

export function makeEvent(overrides: Partial<EventObject> = {}): EventObject {
  return {
    id: 'evt_1',
    object: 'event',
    type: 'invoice.paid',
    object_id: 'in_1',
    data: { id: 'in_1', customer_id: 'cus_1', subscription_id: null },
    livemode: false,
    created: MIDDAY,
    ...overrides,
  };
}

export function makeEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: 'we_1',
    object: 'webhook_endpoint',
    url: 'https://shop.example/hooks',
    enabled_events: ['invoice.paid', 'invoice.created'],
    description: 'Order sync',
    status: 'enabled',
    failing_since: null,
    metadata: {},
    livemode: false,
    created_at: MIDDAY,
    updated_at: MIDDAY,
    ...overrides,
  };
}

export function makeAttempt(overrides: Partial<WebhookAttempt> = {}): WebhookAttempt {
  return {
    id: 'wha_1',
    object: 'webhook_attempt',
    delivery_id: 'whd_1',
    status: 'succeeded',
    response_status: 200,
    error: null,
    duration_ms: 42,
    retry_count: 0,
    created_at: MIDDAY,
    ...overrides,
  };
}

export function makeDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 'whd_1',
    object: 'webhook_delivery',
    endpoint_id: 'we_1',
    event_id: 'evt_1',
    event_type: 'invoice.paid',
    status: 'succeeded',
    attempt_count: 1,
    next_attempt_at: null,
    created_at: MIDDAY,
    test: false,
    attempts: [makeAttempt()],
    ...overrides,
  };
}

export function makeRedelivery(overrides: Partial<WebhookRedelivery> = {}): WebhookRedelivery {
  return {
    id: 'whr_1',
    object: 'webhook_redelivery',
    endpoint_id: 'we_1',
    created_at: MIDDAY,
    total: 3,
    succeeded: 0,
    failed: 0,
    pending: 3,
    ...overrides,
  };
}
