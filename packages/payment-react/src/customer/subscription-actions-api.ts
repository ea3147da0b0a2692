import {
  cardSetupResponseSchema,
  changePlanResponseSchema,
  planChangeOptionSchema,
  planChangePreviewSchema,
  subscriptionSchema,
  type CancelSubscriptionBody,
  type ChangePlanBody,
} from '@bazaar/schemas';
import { z } from 'zod';
import type { ApiClient } from '../api/api-client.ts';

const path = (id: string, action: string) => `/api/subscriptions/${encodeURIComponent(id)}/${action}`;

export function cancelSubscription(api: ApiClient, id: string, body: CancelSubscriptionBody) {
  return api(path(id, 'cancel'), { method: 'PUT', body, schema: subscriptionSchema });
}

export function resumeSubscription(api: ApiClient, id: string) {
  return api(path(id, 'resume'), { method: 'PUT', body: {}, schema: subscriptionSchema });
}

export function fetchPlanChangeOptions(api: ApiClient, id: string) {
  return api(path(id, 'change-plan/options'), { schema: z.array(planChangeOptionSchema) });
}

export function previewPlanChange(api: ApiClient, id: string, body: ChangePlanBody) {
  return api(path(id, 'change-plan/preview'), { method: 'POST', body, schema: planChangePreviewSchema });
}

/** The key makes a retried click apply the change (and charge) once. */
export function changePlan(api: ApiClient, id: string, body: ChangePlanBody, idempotencyKey: string) {
  return api(path(id, 'change-plan'), {
    method: 'PUT',
    body,
    headers: { 'idempotency-key': idempotencyKey },
    schema: changePlanResponseSchema,
  });
}

export function startCardChange(api: ApiClient, id: string, idempotencyKey: string) {
  return api(path(id, 'payment-method'), {
    method: 'POST',
    body: {},
    headers: { 'idempotency-key': idempotencyKey },
    schema: cardSetupResponseSchema,
  });
}
