import { startCheckoutResponseSchema, submitCheckoutResponseSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { confirmCard } from '../../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { countRows, makeSubmitBody } from '../../test-utils/payment-test-kit.ts';

const PAYERS = 50;
const LEFT = 10;

describe.each(TEST_DIALECTS)('inventory under concurrent checkouts on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  /** One payer's whole checkout: start, submit, pay by the test card. Answers the first refusal's code. */
  async function checkout(index: number): Promise<string> {
    const headers = t.signedIn({ did: `did:bazaar:usr_racer${index}` });
    const started = await t.app.inject({
      method: 'POST',
      url: `${API}/checkout-sessions/start/${DEMO.oneTimeLinkId}`,
      headers,
    });
    const sessionId = startCheckoutResponseSchema.parse(started.json()).checkoutSession.id;
    const submitted = await t.app.inject({
      method: 'PUT',
      url: `${API}/checkout-sessions/${sessionId}/submit`,
      headers,
      payload: makeSubmitBody({ customer_email: `racer${index}@example.com` }),
    });
    if (submitted.statusCode !== 200) return submitted.json().error.code;
    const { paymentIntent, stripeContext } = submitCheckoutResponseSchema.parse(submitted.json());
    const confirmed = await confirmCard(
      t,
      paymentIntent!.id,
      stripeContext!.client_secret,
      TEST_CARDS.succeeds,
    );
    return confirmed.statusCode === 200 ? confirmed.json().paymentIntent.status : confirmed.json().error.code;
  }

  it(`sells exactly ${LEFT} when ${PAYERS} payers submit and pay at once`, { timeout: 60_000 }, async () => {
    await t.db
      .updateTable('prices')
      .set({ quantity_sold: 100 - LEFT })
      .where('id', '=', DEMO.licensePriceId)
      .execute();
    const before = await countRows(t.db);
    const outcomes = await Promise.all(Array.from({ length: PAYERS }, (_, index) => checkout(index)));

    expect(outcomes.filter((outcome) => outcome === 'succeeded')).toHaveLength(LEFT);
    expect(outcomes.filter((outcome) => outcome === 'quantityNotEnough')).toHaveLength(PAYERS - LEFT);
    const after = await countRows(t.db);
    expect(after.sold[DEMO.licensePriceId]).toBe(100);
    expect(after.invoices - before.invoices).toBe(LEFT);
    expect(after.payment_intents - before.payment_intents).toBe(LEFT);
    const paid = await t.db
      .selectFrom('checkout_sessions')
      .select('id')
      .where('status', '=', 'complete')
      .execute();
    expect(paid).toHaveLength(LEFT);
  });
});
