import type { z } from 'zod';
import {
  collectOverdueResponseSchema,
  overdueInvoicesResponseSchema,
  type collectOverdueBodySchema,
} from '@bazaar/schemas';
import type { ApiClient } from '../api/api-client.ts';
import { ApiError } from '../api/api-error.ts';

/** Whose overdue invoices: one subscription's, or (without one) a whole customer's. */
export interface OverdueTarget {
  subscriptionId?: string | null;
  /** A customer id, or the signed-in payer's DID. */
  customerId?: string | null;
}

export type OverdueScope = { kind: 'subscription' | 'customer'; id: string };

/** What `collect-batch` pays: what is overdue for a scope, or one invoice (from its own page). */
export type CollectTarget = OverdueScope | { kind: 'invoice'; id: string };

/** The subscription wins when both are given; neither is an error (OVERDUE_TARGET_REQUIRED). */
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

/**
 * Pays what is overdue in one chain currency, or one invoice (`POST /invoices/collect-batch`):
 * the server's answer says whether the vault is collecting or the wallet must approve first. One
 * key per call.
 */
export function collectOverdue(
  api: ApiClient,
  target: CollectTarget,
  currencyId: string,
  idempotencyKey: string,
) {
  const body: z.input<typeof collectOverdueBodySchema> =
    target.kind === 'subscription'
      ? { currency_id: currencyId, subscription_id: target.id }
      : target.kind === 'customer'
        ? { currency_id: currencyId, customer_id: target.id }
        : { currency_id: currencyId, invoice_id: target.id };
  return api('/api/invoices/collect-batch', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: collectOverdueResponseSchema,
  });
}
