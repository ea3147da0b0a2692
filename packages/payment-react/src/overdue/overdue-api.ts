import { overdueInvoicesResponseSchema } from '@bazaar/schemas';
import type { ApiClient } from '../api/api-client.ts';
import { ApiError } from '../api/api-error.ts';

/** Whose overdue invoices: one subscription's, or (without one) a whole customer's. */
export interface OverdueTarget {
  subscriptionId?: string | null;
  /** A customer id, or the signed-in payer's DID. */
  customerId?: string | null;
}

export type OverdueScope = { kind: 'subscription' | 'customer'; id: string };

/** The subscription wins when both are given; neither is an error (payment-kit.md §7, §8). */
export function overdueScope(target: OverdueTarget): OverdueScope {
  if (target.subscriptionId) return { kind: 'subscription', id: target.subscriptionId };
  if (target.customerId) return { kind: 'customer', id: target.customerId };
  throw new ApiError(400, 'OVERDUE_TARGET_REQUIRED', 'Either subscriptionId or customerId must be provided');
}

export function fetchOverdueInvoices(api: ApiClient, scope: OverdueScope) {
  return api(`/api/${scope.kind}s/${encodeURIComponent(scope.id)}/overdue/invoices`, {
    schema: overdueInvoicesResponseSchema,
  });
}
