import { DEMO } from '@bazaar/payment-server';
import type { TestPlatform } from '@bazaar/platform/testing';
import { startCheckoutResponseSchema, submitCheckoutResponseSchema } from '@bazaar/schemas';

/** The demo license bought by card through a test platform's API, for benchmarks that need payments. */

const API = '/payment-kit/api';

/** A checkout of the demo license submitted by the cookie's payer, ready for its card confirm. */
export async function submitLicenseCheckout(platform: TestPlatform, cookie: string) {
  const started = await platform.app.inject({
    method: 'POST',
    url: `${API}/checkout-sessions/start/${DEMO.oneTimeLinkId}`,
    headers: { cookie },
  });
  const session = startCheckoutResponseSchema.parse(started.json()).checkoutSession;
  const answer = await platform.app.inject({
    method: 'PUT',
    url: `${API}/checkout-sessions/${session.id}/submit`,
    headers: { cookie },
    payload: {
      customer_name: 'Pat Payer',
      customer_email: 'payer@example.com',
      payment_method: DEMO.cardMethodId,
      payment_currency: DEMO.usdCurrencyId,
      billing_address: { country: 'us', postal_code: '94107' },
    },
  });
  if (answer.statusCode !== 200) throw new Error(`submit answered ${answer.statusCode}: ${answer.body}`);
  const submit = submitCheckoutResponseSchema.parse(answer.json());
  return {
    sessionId: session.id,
    intentId: submit.paymentIntent!.id,
    clientSecret: submit.stripeContext!.client_secret,
  };
}

/** Pays a submitted checkout with the test card 4242; throws unless it succeeded. */
export async function confirmByCard(
  platform: TestPlatform,
  checkout: Awaited<ReturnType<typeof submitLicenseCheckout>>,
): Promise<void> {
  const answer = await platform.app.inject({
    method: 'POST',
    url: `${API}/test-card/payment-intents/${checkout.intentId}/confirm`,
    payload: {
      client_secret: checkout.clientSecret,
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    },
  });
  if (answer.statusCode !== 200) throw new Error(`confirm answered ${answer.statusCode}: ${answer.body}`);
}
