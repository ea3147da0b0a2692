import { z } from 'zod';
import {
  chainTransactionResponseSchema,
  idSchema,
  retrieveCheckoutResponseSchema,
  startCheckoutResponseSchema,
  submitCheckoutResponseSchema,
  testCardResultSchema,
  type StartCheckoutResponse,
  type SubmitCheckoutBody,
} from '@bazaar/schemas';
import type { ApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { checkoutSecretHeaders, rememberCheckoutSecret } from './checkout-secrets.ts';
import { createInFlightDedupe, dedupeKey } from './in-flight-dedupe.ts';

/** A checkout is entered by a payment link (starts a session) or by a session; nothing else. */
const checkoutIdSchema = z.union([
  idSchema('paymentLink').transform((id) => ({ kind: 'paymentLink' as const, id })),
  idSchema('checkoutSession').transform((id) => ({ kind: 'checkoutSession' as const, id })),
]);

export function parseCheckoutId(id: string) {
  const parsed = checkoutIdSchema.safeParse(id);
  if (!parsed.success) {
    throw new ApiError(
      400,
      'INVALID_CHECKOUT_ID',
      'Either a checkoutSession or a paymentLink id is required.',
    );
  }
  return parsed.data;
}

// Module-wide, not per provider: two hosts of the same link on one page start one session.
const dedupeStart = createInFlightDedupe<StartCheckoutResponse>();

/** Starts a session from a payment link (one start per link and parameters within 3 s), or reads an existing one. */
export function loadCheckout(
  api: ApiClient,
  id: string,
  extraParams: Record<string, string> = {},
): Promise<StartCheckoutResponse> {
  const entry = parseCheckoutId(id);
  if (entry.kind === 'paymentLink') {
    return dedupeStart(dedupeKey(entry.id, extraParams), async () => {
      const started = await api(`/api/checkout-sessions/start/${entry.id}`, {
        method: 'POST',
        query: extraParams,
        schema: startCheckoutResponseSchema,
      });
      const { id, client_secret: secret } = started.checkoutSession;
      if (secret) rememberCheckoutSecret(id, secret);
      return started;
    });
  }
  return retrieveCheckout(api, entry.id);
}

export function retrieveCheckout(api: ApiClient, checkoutSessionId: string) {
  return api(`/api/checkout-sessions/retrieve/${checkoutSessionId}`, {
    headers: checkoutSecretHeaders(checkoutSessionId),
    schema: retrieveCheckoutResponseSchema,
  });
}

/** One idempotency key per submit attempt, so a retried request cannot charge twice. */
export function submitCheckout(
  api: ApiClient,
  checkoutSessionId: string,
  body: SubmitCheckoutBody,
  idempotencyKey: string,
  isDonation = false,
) {
  const action = isDonation ? 'donate-submit' : 'submit';
  return api(`/api/checkout-sessions/${checkoutSessionId}/${action}`, {
    method: 'PUT',
    body,
    headers: { 'Idempotency-Key': idempotencyKey, ...checkoutSecretHeaders(checkoutSessionId) },
    schema: submitCheckoutResponseSchema,
  });
}

/** Tells the server which transaction the payer's wallet sent to pay the session; it checks it on chain. */
export function reportChainTransaction(api: ApiClient, checkoutSessionId: string, txHash: string) {
  return api(`/api/checkout-sessions/${checkoutSessionId}/chain-transaction`, {
    method: 'PUT',
    body: { tx_hash: txHash },
    headers: checkoutSecretHeaders(checkoutSessionId),
    schema: chainTransactionResponseSchema,
  });
}

export interface TestCardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export function confirmTestCard(
  api: ApiClient,
  paymentIntentId: string,
  clientSecret: string,
  card: TestCardInput,
) {
  return api(`/api/test-card/payment-intents/${paymentIntentId}/confirm`, {
    method: 'POST',
    body: { client_secret: clientSecret, card },
    schema: testCardResultSchema,
  });
}

/**
 * Stripe.js confirmed (or refused) the card on the page: the kit reads the outcome from Stripe.
 * `clientSecret` is Stripe's, as the submit answered it.
 */
export function confirmStripePayment(api: ApiClient, paymentIntentId: string, clientSecret: string) {
  return api(`/api/stripe/payment-intents/${paymentIntentId}/confirm`, {
    method: 'POST',
    body: { client_secret: clientSecret },
    schema: testCardResultSchema,
  });
}

export function authenticateTestCard(
  api: ApiClient,
  paymentIntentId: string,
  clientSecret: string,
  outcome: 'approve' | 'fail',
) {
  return api(`/api/test-card/payment-intents/${paymentIntentId}/authenticate`, {
    method: 'POST',
    body: { client_secret: clientSecret, outcome },
    schema: testCardResultSchema,
  });
}
