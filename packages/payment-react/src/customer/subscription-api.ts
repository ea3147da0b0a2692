import { invoiceSchema, paginatedSchema, subscriptionSchema, type Subscription } from '@bazaar/schemas';
import type { ApiClient } from '../api/api-client.ts';

/** How many of a subscription's invoices its page lists, newest first. */
const SUBSCRIPTION_INVOICES_PAGE_SIZE = 20;

export function fetchSubscription(api: ApiClient, id: string) {
  return api(`/api/subscriptions/${encodeURIComponent(id)}`, { schema: subscriptionSchema });
}

/** The subscription's newest invoices, in the subscription's own mode whatever the page's is. */
export function fetchSubscriptionInvoices(api: ApiClient, subscription: Subscription) {
  return api('/api/invoices', {
    query: {
      subscription_id: subscription.id,
      livemode: String(subscription.livemode),
      pageSize: String(SUBSCRIPTION_INVOICES_PAGE_SIZE),
    },
    schema: paginatedSchema(invoiceSchema),
  });
}
