import { startCheckoutResponseSchema, submitCheckoutResponseSchema, type SessionUser } from '@bazaar/schemas';
import { DEMO } from '../demo/seed.ts';
import { API, type PaymentTestApp } from './payment-test-app.ts';
import { makeSubmitBody } from './payment-test-kit.ts';

export const TEST_CARD_DATES = { exp_month: 12, exp_year: 2030, cvc: '123' };

/** Starts a checkout from a payment link as a signed-in payer (`user: null`: a guest), as the checkout page does. */
export async function startCheckout(
  t: PaymentTestApp,
  linkId: string = DEMO.oneTimeLinkId,
  options: { query?: string; user?: Partial<SessionUser> | null } = {},
) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${API}/checkout-sessions/start/${linkId}${options.query ?? ''}`,
    headers: options.user === null ? {} : t.signedIn(options.user),
  });
  if (response.statusCode !== 200) throw new Error(`start answered ${response.statusCode}: ${response.body}`);
  return startCheckoutResponseSchema.parse(response.json());
}

/** Submits an open session as `payer` (`body` overrides the demo card in USD), as the checkout page does. */
export async function submitSession(
  t: PaymentTestApp,
  sessionId: string,
  payer = 'did:bazaar:usr_payer',
  body: Record<string, unknown> = {},
) {
  const response = await t.app.inject({
    method: 'PUT',
    url: `${API}/checkout-sessions/${sessionId}/submit`,
    headers: t.signedIn({ did: payer }),
    payload: makeSubmitBody(body),
  });
  if (response.statusCode !== 200) return { sessionId, response, intentId: '', secret: '', card: null };
  const answer = submitCheckoutResponseSchema.parse(response.json());
  return {
    sessionId,
    response,
    intentId: answer.paymentIntent?.id ?? '',
    secret: answer.stripeContext?.client_secret ?? '',
    card: answer.stripeContext,
  };
}

/** Starts a checkout from `linkId` (the one-time demo by default) and submits it as `payer`. */
export async function startAndSubmit(
  t: PaymentTestApp,
  payer = 'did:bazaar:usr_payer',
  options: { linkId?: string; body?: Record<string, unknown> } = {},
) {
  const started = await startCheckout(t, options.linkId ?? DEMO.oneTimeLinkId, { user: { did: payer } });
  return submitSession(t, started.checkoutSession.id, payer, options.body);
}

export function confirmCard(
  t: PaymentTestApp,
  intentId: string,
  secret: string,
  number: string,
  card = TEST_CARD_DATES,
) {
  return t.app.inject({
    method: 'POST',
    url: `${API}/test-card/payment-intents/${intentId}/confirm`,
    payload: { client_secret: secret, card: { ...card, number } },
  });
}
