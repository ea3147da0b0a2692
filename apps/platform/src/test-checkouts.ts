import {
  CHECKOUT_SECRET_HEADER,
  startCheckoutResponseSchema,
  submitCheckoutResponseSchema,
  type SupporterDisplay,
} from '@bazaar/schemas';
import type { FastifyInstance } from 'fastify';

/**
 * Checkouts paid through a platform's API with the test card 4242, for tests and benchmarks of
 * what follows a payment (the relay, subscribed components, refunds), and test mode's demo data.
 */

const api = (path: string) => `/payment-kit/api${path}`;

/** Opens a checkout of `link`, as the cookie's user or as a guest; answers its id, secret and prices. */
export async function startTestCheckout(app: FastifyInstance, link: string, cookie?: string) {
  const started = await app.inject({
    method: 'POST',
    url: api(`/checkout-sessions/start/${link}`),
    headers: cookie ? { cookie } : {},
  });
  if (started.statusCode !== 200) throw new Error(`start answered ${started.statusCode}: ${started.body}`);
  const session = startCheckoutResponseSchema.parse(started.json()).checkoutSession;
  return {
    id: session.id,
    secret: session.client_secret!,
    priceIds: session.line_items.map((item) => item.price_id),
  };
}

/** Who pays a test checkout: the cookie's user, or a guest; a donor also says how they appear. */
export interface TestPayer {
  cookie?: string;
  email: string;
  name?: string;
  supporterDisplay?: SupporterDisplay;
}

/** Submits the session by card as the cookie's user, or as the guest holding its secret. */
export async function submitTestCheckout(
  app: FastifyInstance,
  session: { id: string; secret: string },
  who: TestPayer,
) {
  const submitted = await app.inject({
    method: 'PUT',
    url: api(`/checkout-sessions/${session.id}/${who.cookie ? 'submit' : 'donate-submit'}`),
    headers: who.cookie ? { cookie: who.cookie } : { [CHECKOUT_SECRET_HEADER]: session.secret },
    payload: {
      customer_name: who.name ?? 'Pat Payer',
      customer_email: who.email,
      ...(who.supporterDisplay && { supporter_display: who.supporterDisplay }),
      payment_method: 'pm_demo_card',
      payment_currency: 'pc_demo_usd',
      billing_address: { country: 'us', postal_code: '94107' },
    },
  });
  if (submitted.statusCode !== 200)
    throw new Error(`submit answered ${submitted.statusCode}: ${submitted.body}`);
  const answer = submitCheckoutResponseSchema.parse(submitted.json());
  return { intentId: answer.paymentIntent!.id, clientSecret: answer.stripeContext!.client_secret };
}

/** Pays a submitted checkout's intent with 4242; throws unless the network took it. */
export async function confirmTestCard(
  app: FastifyInstance,
  submitted: { intentId: string; clientSecret: string },
): Promise<void> {
  const confirmed = await app.inject({
    method: 'POST',
    url: api(`/test-card/payment-intents/${submitted.intentId}/confirm`),
    payload: {
      client_secret: submitted.clientSecret,
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    },
  });
  if (confirmed.statusCode !== 200)
    throw new Error(`confirm answered ${confirmed.statusCode}: ${confirmed.body}`);
}

/** Submits the session and pays it by 4242; answers the intent's id. */
export async function payTestCheckout(
  app: FastifyInstance,
  session: { id: string; secret: string },
  who: TestPayer,
): Promise<string> {
  const submitted = await submitTestCheckout(app, session, who);
  await confirmTestCard(app, submitted);
  return submitted.intentId;
}
