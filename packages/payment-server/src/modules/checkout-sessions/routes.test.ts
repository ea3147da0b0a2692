import {
  CHECKOUT_SECRET_HEADER,
  retrieveCheckoutResponseSchema,
  submitCheckoutResponseSchema,
} from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { startCheckout } from '../../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { countRows, makeSubmitBody } from '../../test-utils/payment-test-kit.ts';

describe.each(TEST_DIALECTS)('checkout routes on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const start = (linkId: string, query = '') => startCheckout(t, linkId, { query });

  it('lists the test-mode card method with its currencies', async () => {
    const response = await t.app.inject({ url: `${API}/settings?livemode=false` });
    expect(response.json()).toMatchObject({
      paymentMethods: [
        {
          id: 'pm_demo_card',
          type: 'stripe',
          name: 'Card',
          payment_currencies: [
            { id: 'pc_demo_usd', symbol: 'USD', decimal: 2 },
            { id: 'pc_demo_eur', symbol: 'EUR', decimal: 2 },
          ],
        },
      ],
      baseCurrency: { id: 'pc_demo_usd' },
    });
    expect((await t.app.inject({ url: `${API}/settings?livemode=true` })).json()).toEqual({
      paymentMethods: [],
      baseCurrency: null,
    });
  });

  it('starts a session from each demo link, keeping extra query parameters as metadata', async () => {
    const oneTime = await start(DEMO.oneTimeLinkId, '?locale=zh&livemode=false&utm_source=mail');
    expect(oneTime.checkoutSession).toMatchObject({
      id: expect.stringMatching(/^cs_/),
      status: 'open',
      mode: 'payment',
      livemode: false,
      amount_total: '1999',
      metadata: { utm_source: 'mail' },
      expires_at: oneTime.checkoutSession.created_at + 24 * 3600,
    });
    expect(oneTime.checkoutSession.line_items[0]).toMatchObject({
      quantity: 1,
      price: { unit_amount: '1999', product: { name: 'Bazaar Pro license' } },
    });
    expect(oneTime.paymentMethods.map((method) => method.id)).toEqual(['pm_demo_card']);

    const subscription = await start(DEMO.subscriptionLinkId);
    expect(subscription.checkoutSession).toMatchObject({
      mode: 'subscription',
      amount_subtotal: '999',
      amount_total: '0',
      amount_due_now: '0',
      amount_renewal: '999',
      trial: {
        applies: true,
        trial_period_days: 7,
        trial_end: subscription.checkoutSession.created_at + 7 * 86_400,
      },
      currency_amounts: [
        { currency_id: DEMO.usdCurrencyId, amount_due_now: '0', amount_renewal: '999' },
        { currency_id: DEMO.eurCurrencyId, amount_due_now: '899', amount_renewal: '899' },
      ],
      subscription_data: { trial_period_days: 7, trial_end: null, trial_currency: DEMO.usdCurrencyId },
    });

    const donation = await start(DEMO.donationLinkId);
    expect(donation.checkoutSession).toMatchObject({ submit_type: 'donate', amount_total: '500' });
    expect(donation.checkoutSession.line_items[0]?.custom_amount).toBe('500');
    expect(donation.paymentLink?.donation_settings?.presets).toEqual(['1', '5', '10']);
  });

  it('retrieves a session, starts one from a link id, and refuses other ids', async () => {
    const { checkoutSession } = await start(DEMO.oneTimeLinkId);
    const retrieved = await t.app.inject({ url: `${API}/checkout-sessions/retrieve/${checkoutSession.id}` });
    // The secret is handed out once, to the page that opened the session.
    expect(checkoutSession.client_secret).toMatch(new RegExp(`^${checkoutSession.id}_secret_`));
    expect(retrieveCheckoutResponseSchema.parse(retrieved.json()).checkoutSession).toEqual({
      ...checkoutSession,
      client_secret: null,
    });

    const fromLink = await t.app.inject({ url: `${API}/checkout-sessions/retrieve/${DEMO.donationLinkId}` });
    expect(fromLink.json().checkoutSession.payment_link_id).toBe(DEMO.donationLinkId);

    const unknown = await t.app.inject({ url: `${API}/checkout-sessions/retrieve/cs_doesNotExist` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');

    const wrong = await t.app.inject({ url: `${API}/checkout-sessions/retrieve/in_123` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: {
        code: 'INVALID_CHECKOUT_ID',
        message: 'Either a checkoutSession or a paymentLink id is required',
      },
    });
  });

  it('refuses a bad email with VALIDATION_FAILED and writes nothing', async () => {
    const { checkoutSession } = await start(DEMO.oneTimeLinkId);
    const before = await countRows(t.db);
    const response = await t.app.inject({
      method: 'PUT',
      url: `${API}/checkout-sessions/${checkoutSession.id}/submit`,
      headers: t.signedIn(),
      payload: makeSubmitBody({ customer_email: 'not-an-email' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'customer_email', message: 'Invalid' }],
    });
    expect(await countRows(t.db)).toEqual(before);
  });

  it('asks a signed-out payer to log in, except for donations', async () => {
    const { checkoutSession } = await start(DEMO.oneTimeLinkId);
    const guest = await t.app.inject({
      method: 'PUT',
      url: `${API}/checkout-sessions/${checkoutSession.id}/submit`,
      payload: makeSubmitBody(),
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().error).toEqual({ code: 'UNAUTHENTICATED', message: 'Login to access this page' });

    const donation = await start(DEMO.donationLinkId);
    const donor = await t.app.inject({
      method: 'PUT',
      url: `${API}/checkout-sessions/${donation.checkoutSession.id}/donate-submit`,
      headers: { [CHECKOUT_SECRET_HEADER]: donation.checkoutSession.client_secret! },
      payload: makeSubmitBody(),
    });
    expect(donor.statusCode).toBe(200);
  });

  it('answers a repeated submit with the same Idempotency-Key from the first run', async () => {
    const { checkoutSession } = await start(DEMO.oneTimeLinkId);
    const send = () =>
      t.app.inject({
        method: 'PUT',
        url: `${API}/checkout-sessions/${checkoutSession.id}/submit`,
        headers: { ...t.signedIn(), 'idempotency-key': 'submit-1' },
        payload: makeSubmitBody({ customer_phone: '+1 415 555 2671' }),
      });
    const [first, second] = [await send(), await send()];
    expect(first.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const body = submitCheckoutResponseSchema.parse(first.json());
    expect(body.customer.phone).toBe('+14155552671');
    expect((await countRows(t.db)).payment_intents).toBe(1);
  });

  it('gives a signed-in user their customer, or a prefill with fallback=1', async () => {
    const me = (query: string, headers: Record<string, string> = t.signedIn()) =>
      t.app.inject({ url: `${API}/customers/me?livemode=false${query}`, headers });
    expect((await me('', {})).statusCode).toBe(401);
    expect((await me('&skipSummary=1')).json()).toBeNull();
    expect((await me('&skipSummary=1&fallback=1')).json()).toMatchObject({
      id: '',
      name: 'Ada Payer',
      email: 'ada@example.com',
    });

    const { checkoutSession } = await start(DEMO.oneTimeLinkId);
    await t.app.inject({
      method: 'PUT',
      url: `${API}/checkout-sessions/${checkoutSession.id}/submit`,
      headers: t.signedIn(),
      payload: makeSubmitBody({ customer_name: 'Ada Lovelace' }),
    });
    expect((await me('&fallback=1')).json()).toMatchObject({
      id: expect.stringMatching(/^cus_/),
      name: 'Ada Lovelace',
    });
    const someoneElse = t.signedIn({ did: 'did:bazaar:usr_other' });
    const view = await t.app.inject({
      url: `${API}/checkout-sessions/retrieve/${checkoutSession.id}`,
      headers: someoneElse,
    });
    expect(view.json().customer).toBeNull();
  });
});
