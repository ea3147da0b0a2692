import { checkoutSessionChangeSchema, crossSellOfferSchema } from '@bazaar/schemas';
import type { ApiClient } from './api-client.ts';
import { checkoutSecretHeaders } from './checkout-secrets.ts';

/** The changes a payer makes to an open session (upsell, add-on, tip); each answers the new session. */
export type SessionChange =
  | { type: 'upsell'; from: string; to: string }
  | { type: 'downsell'; from: string }
  | { type: 'addCrossSell'; to: string }
  | { type: 'removeCrossSell' }
  | { type: 'amount'; priceId: string; amount: bigint };

export function changeSession(api: ApiClient, sessionId: string, change: SessionChange) {
  const base = `/api/checkout-sessions/${sessionId}`;
  const schema = checkoutSessionChangeSchema;
  const headers = checkoutSecretHeaders(sessionId);
  switch (change.type) {
    case 'upsell':
      return api(`${base}/upsell`, {
        method: 'PUT',
        body: { from: change.from, to: change.to },
        headers,
        schema,
      });
    case 'downsell':
      return api(`${base}/downsell`, { method: 'PUT', body: { from: change.from }, headers, schema });
    case 'addCrossSell':
      return api(`${base}/cross-sell`, { method: 'PUT', body: { to: change.to }, headers, schema });
    case 'removeCrossSell':
      return api(`${base}/cross-sell`, { method: 'DELETE', headers, schema });
    case 'amount':
      return api(`${base}/amount`, {
        method: 'PUT',
        body: { priceId: change.priceId, amount: change.amount.toString() },
        headers,
        schema,
      });
    default:
      return change satisfies never;
  }
}

/** The link's add-on to offer, or `{ error }` when there is none (not an HTTP failure). */
export function fetchCrossSellOffer(api: ApiClient, sessionId: string) {
  return api(`/api/checkout-sessions/${sessionId}/cross-sell`, { schema: crossSellOfferSchema });
}
