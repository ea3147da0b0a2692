import {
  CHECKOUT_SECRET_HEADER,
  startCheckoutResponseSchema,
  submitCheckoutResponseSchema,
} from '@bazaar/schemas';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** Checkouts paid through a platform's API, for tests of what hears of them (the relay, components). */

const api = (path: string) => `/payment-kit/api${path}`;
const submitBody = (email: string) => ({
  customer_name: 'Pat Payer',
  customer_email: email,
  payment_method: 'pm_demo_card',
  payment_currency: 'pc_demo_usd',
  billing_address: { country: 'us', postal_code: '94107' },
});

/** Opens a checkout of `link`, as the cookie's user or as a guest; answers its id and secret. */
export async function startTestCheckout(app: FastifyInstance, link: string, cookie?: string) {
  const started = await app.inject({
    method: 'POST',
    url: api(`/checkout-sessions/start/${link}`),
    headers: cookie ? { cookie } : {},
  });
  const session = startCheckoutResponseSchema.parse(started.json()).checkoutSession;
  return { id: session.id, secret: session.client_secret! };
}

/** Submits the session as the cookie's user, or as the guest holding its secret, and pays it by 4242. */
export async function payTestCheckout(
  app: FastifyInstance,
  session: { id: string; secret: string },
  who: { cookie?: string; email: string },
) {
  const submitted = await app.inject({
    method: 'PUT',
    url: api(`/checkout-sessions/${session.id}/${who.cookie ? 'submit' : 'donate-submit'}`),
    headers: who.cookie ? { cookie: who.cookie } : { [CHECKOUT_SECRET_HEADER]: session.secret },
    payload: submitBody(who.email),
  });
  const answer = submitCheckoutResponseSchema.parse(submitted.json());
  const confirmed = await app.inject({
    method: 'POST',
    url: api(`/test-card/payment-intents/${answer.paymentIntent!.id}/confirm`),
    payload: {
      client_secret: answer.stripeContext!.client_secret,
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    },
  });
  expect(confirmed.statusCode).toBe(200);
  return answer.paymentIntent!.id;
}
