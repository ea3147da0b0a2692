import {
  customerPaymentSchema,
  listedRefundSchema,
  paginatedSchema,
  subscriptionSchema,
  type SubscriptionStatus,
} from '@bazaar/schemas';
import type { ApiClient } from '../api/api-client.ts';

export interface PageQuery {
  page: number;
  pageSize: number;
}

/**
 * A page of the signed-in person's own objects: the customer area shows an admin their own
 * account too, not everyone's.
 */
export const ownPageParams = ({ page, pageSize }: PageQuery) => ({
  own: 'true',
  page: String(page),
  pageSize: String(pageSize),
});

/** `GET /api/payment-intents`: the signed-in customer's payments, newest first. */
export function listPayments(api: ApiClient, query: PageQuery) {
  return api('/api/payment-intents', {
    query: ownPageParams(query),
    schema: paginatedSchema(customerPaymentSchema),
  });
}

/** `GET /api/subscriptions`: the signed-in customer's subscriptions, newest first; of `statuses` only when given. */
export function listSubscriptions(
  api: ApiClient,
  query: PageQuery,
  statuses?: readonly SubscriptionStatus[],
) {
  return api('/api/subscriptions', {
    query: { ...ownPageParams(query), ...(statuses && { status: statuses.join(',') }) },
    schema: paginatedSchema(subscriptionSchema),
  });
}

/** `GET /api/refunds`: what was given back of the signed-in customer's payments, newest first. */
export function listRefunds(api: ApiClient, query: PageQuery) {
  return api('/api/refunds', {
    query: ownPageParams(query),
    schema: paginatedSchema(listedRefundSchema),
  });
}
