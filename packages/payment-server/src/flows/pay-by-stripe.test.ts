import { createHmac } from 'node:crypto';
import {
  invoiceSchema,
  refundSchema,
  subscriptionSchema,
  testCardResultSchema,
  type EventPayload,
} from '@bazaar/schemas';
import { startStripeStandIn, type StripeStandIn } from '@bazaar/stripe-stand-in';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed.ts';
import { TEST_CARDS } from '../providers/test-card-network.ts';
import { adminRequest, asRole } from '../test-utils/admin-requests.ts';
import { confirmCard, startAndSubmit, startCheckout, submitSession } from '../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../test-utils/payment-test-app.ts';
import { recordedPayloads } from '../test-utils/payment-test-kit.ts';
import { runBilling } from './run-billing.ts';

const PAYER = 'did:bazaar:usr_payer';
const WEBHOOK_SECRET = 'whsec_standinsigningsecret';
const DAY = 86_400;
/** Stripe's test cards the stand-in honours, as the payer types them. */
const CARDS = {
  succeeds: '4242424242424242',
  declines: '4000000000000002',
  authenticates: '4000002500003155',
  savedThenDeclines: '4000000000000341',
  refundPendsThenSucceeds: '4000000000007726',
  refundSucceedsThenFails: '4000000000005126',
};
const CARD_DATES = { exp_month: 12, exp_year: 2031, cvc: '123' };

describe.each(TEST_DIALECTS)('paying through Stripe on %s', (dialect) => {
  let stripe: StripeStandIn;
  let t: PaymentTestApp;
  let webhookUrl: string;

  beforeEach(async () => {
    stripe = await startStripeStandIn();
    t = await openPaymentTestApp(dialect, {
      stripeApi: { host: stripe.host, port: stripe.port, protocol: 'http' },
    });
    // Stripe's webhooks need an address: the kit listens on loopback for them.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    webhookUrl = `${address}${API}/stripe/webhooks/${DEMO.cardMethodId}`;
    stripe.addWebhookEndpoint(webhookUrl, WEBHOOK_SECRET);
    stripe.setWebhookMode('immediate');
    // The demo's card method, given Stripe keys: every demo link now pays through Stripe.
    const keyed = await adminRequest(t, 'PUT', `/payment-methods/${DEMO.cardMethodId}`, {
      settings: {
        publishable_key: stripe.publishableKey,
        secret_key: stripe.secretKey,
        webhook_secret: WEBHOOK_SECRET,
      },
    });
    expect(keyed.statusCode, keyed.body).toBe(200);
  });
  afterEach(async () => {
    await stripe.webhooksSettled();
    await t.close();
    await stripe.close();
  });

  /** What the payer's page does: Stripe.js confirms, then the kit is told to read the outcome. */
  async function payAtStripe(submitted: { intentId: string; secret: string }, number: string) {
    await stripe.confirmAsPayer({ clientSecret: submitted.secret, card: { number, ...CARD_DATES } });
    return confirmWithKit(submitted);
  }

  async function confirmWithKit(submitted: { intentId: string; secret: string }) {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/stripe/payment-intents/${submitted.intentId}/confirm`,
      payload: { client_secret: submitted.secret },
    });
    expect(response.statusCode, response.body).toBe(200);
    return testCardResultSchema.parse(response.json()).paymentIntent;
  }

  async function intentStatus(id: string) {
    const row = await t.db
      .selectFrom('payment_intents')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.status;
  }

  const countOf = (events: EventPayload[], type: string) => events.filter((e) => e.type === type).length;

  it('answers a Stripe context and mirrors the intent at Stripe, amount and currency included', async () => {
    const submitted = await startAndSubmit(t, PAYER);
    expect(submitted.card).toMatchObject({
      provider: 'stripe',
      intent_type: 'payment_intent',
      status: 'requires_payment_method',
      publishable_key: stripe.publishableKey,
    });
    const mirrored = [...stripe.paymentIntents.values()].find(
      (intent) => (intent as { client_secret: string }).client_secret === submitted.secret,
    ) as { amount: number; currency: string; metadata: Record<string, string> };
    expect(mirrored).toMatchObject({ amount: 1999, currency: 'usd' });
    expect(mirrored.metadata.bazaar_payment_intent_id).toBe(submitted.intentId);

    // A resubmit in euros updates the same Stripe intent rather than leaving a second to pay.
    const again = await submitSession(t, submitted.sessionId, PAYER, {
      payment_currency: DEMO.eurCurrencyId,
    });
    expect(again.secret).toBe(submitted.secret);
    expect(mirrored.currency).toBe('eur');
    // The test card network no longer takes this method's cards.
    const testCard = await confirmCard(t, submitted.intentId, submitted.secret, TEST_CARDS.succeeds);
    expect(testCard.statusCode).toBe(404);
  });

  it('settles once when the browser confirms first and the webhook follows', async () => {
    stripe.setWebhookMode('held');
    const submitted = await startAndSubmit(t, PAYER);
    const paid = await payAtStripe(submitted, CARDS.succeeds);
    expect(paid).toMatchObject({ status: 'succeeded', payment_details: { brand: 'visa', last4: '4242' } });
    await stripe.releaseWebhooks();
    await stripe.webhooksSettled();
    const events = await recordedPayloads(t.db);
    expect(countOf(events, 'checkout.session.completed')).toBe(1);
    expect(countOf(events, 'invoice.paid')).toBe(1);
    expect(countOf(events, 'payment_intent.succeeded')).toBe(1);
  });

  it('settles from the webhook alone when the browser never comes back, and a late confirm changes nothing', async () => {
    const submitted = await startAndSubmit(t, PAYER);
    await stripe.confirmAsPayer({
      clientSecret: submitted.secret,
      card: { number: CARDS.succeeds, ...CARD_DATES },
    });
    await stripe.webhooksSettled();
    expect(await intentStatus(submitted.intentId)).toBe('succeeded');
    expect((await confirmWithKit(submitted)).status).toBe('succeeded');
    const events = await recordedPayloads(t.db);
    expect(countOf(events, 'checkout.session.completed')).toBe(1);
    expect(countOf(events, 'invoice.paid')).toBe(1);
  });

  it('applies a redelivered event once', async () => {
    const submitted = await startAndSubmit(t, PAYER);
    await payAtStripe(submitted, CARDS.succeeds);
    await stripe.webhooksSettled();
    const succeeded = stripe.events.find((event) => event.type === 'payment_intent.succeeded')!;
    await stripe.resendEvent(succeeded.id);
    await stripe.resendEvent(succeeded.id);
    expect(stripe.deliveries.filter((d) => d.eventId === succeeded.id).map((d) => d.status)).toEqual([
      200, 200, 200,
    ]);
    const recorded = await t.db
      .selectFrom('stripe_events')
      .selectAll()
      .where('id', '=', succeeded.id)
      .execute();
    expect(recorded).toHaveLength(1);
    expect(countOf(await recordedPayloads(t.db), 'invoice.paid')).toBe(1);
  });

  it('records a decline, from the page or the webhook, and takes another card on the same intent', async () => {
    const submitted = await startAndSubmit(t, PAYER);
    await expect(
      stripe.confirmAsPayer({
        clientSecret: submitted.secret,
        card: { number: CARDS.declines, ...CARD_DATES },
      }),
    ).rejects.toThrow();
    const declined = await confirmWithKit(submitted);
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'generic_decline' },
    });
    await stripe.webhooksSettled();
    expect(countOf(await recordedPayloads(t.db), 'payment_intent.payment_failed')).toBe(1);
    expect((await payAtStripe(submitted, CARDS.succeeds)).status).toBe('succeeded');
  });

  it('waits through 3-D Secure: nothing settles until the payer authenticates', async () => {
    const submitted = await startAndSubmit(t, PAYER);
    const waiting = await stripe.confirmAsPayer({
      clientSecret: submitted.secret,
      card: { number: CARDS.authenticates, ...CARD_DATES },
    });
    expect(waiting.status).toBe('requires_action');
    expect((await confirmWithKit(submitted)).status).toBe('requires_payment_method');
    await stripe.authenticateAsPayer({ clientSecret: submitted.secret, outcome: 'approve' });
    expect((await confirmWithKit(submitted)).status).toBe('succeeded');
  });

  it('refunds a Stripe intent that was replaced or whose terms changed under it, and books nothing', async () => {
    const submitted = await startAndSubmit(t, PAYER);
    // The payer's stale page confirms the intent for dollars after a resubmit asked for euros.
    stripe.setWebhookMode('held');
    await stripe.confirmAsPayer({
      clientSecret: submitted.secret,
      card: { number: CARDS.succeeds, ...CARD_DATES },
    });
    const row = await t.db
      .selectFrom('payment_intents')
      .selectAll()
      .where('id', '=', submitted.intentId)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('payment_intents').set({ amount: '1899' }).where('id', '=', row.id).execute();
    expect((await confirmWithKit(submitted)).status).toBe('requires_payment_method');
    const refunds = [...stripe.refunds.values()] as { amount: number; status: string }[];
    expect(refunds).toEqual([expect.objectContaining({ amount: 1999, status: 'succeeded' })]);
    await stripe.releaseWebhooks();
    await stripe.webhooksSettled();
    expect(countOf(await recordedPayloads(t.db), 'invoice.paid')).toBe(0);
    expect(stripe.refunds.size).toBe(1);
  });

  describe('subscriptions', () => {
    async function subscribeWithTrial(number: string) {
      const started = await startCheckout(t, DEMO.subscriptionLinkId, { user: { did: PAYER } });
      const submitted = await submitSession(t, started.checkoutSession.id, PAYER);
      expect(submitted.card).toMatchObject({ provider: 'stripe', intent_type: 'setup_intent' });
      expect((await payAtStripe(submitted, number)).status).toBe('succeeded');
      const subscriptionId = (
        await t.db
          .selectFrom('subscriptions')
          .select('id')
          .where('customer_id', 'is not', null)
          .orderBy('created_at', 'desc')
          .executeTakeFirstOrThrow()
      ).id;
      return subscriptionId;
    }

    async function renewAfterTrial() {
      t.clock.advance(8 * DAY);
      await runBilling(t.deps, { now: t.clock.now(), testClockId: null });
    }

    it('saves the card with a setup intent and renews off-session, once per attempt', async () => {
      const subscriptionId = await subscribeWithTrial(CARDS.succeeds);
      const subscription = await t.app.inject({
        url: `${API}/subscriptions/${subscriptionId}`,
        headers: t.signedIn({ did: PAYER }),
      });
      expect(subscriptionSchema.parse(subscription.json()).status).toBe('trialing');
      await renewAfterTrial();
      const invoices = await t.db
        .selectFrom('invoices')
        .selectAll()
        .where('subscription_id', '=', subscriptionId)
        .where('billing_reason', '=', 'subscription_cycle')
        .execute();
      expect(invoices.map((invoice) => invoice.status)).toEqual(['paid']);
      const charges = [...stripe.paymentIntents.values()].filter(
        (intent) => (intent as { metadata: Record<string, string> }).metadata.bazaar_attempt,
      ) as { status: string; off_session?: boolean }[];
      expect(charges).toEqual([expect.objectContaining({ status: 'succeeded' })]);
      // A node that crashed mid-charge asks again with the attempt's key: Stripe answers the first charge.
      const before = stripe.requestCounts()['POST /v1/payment_intents'] ?? 0;
      const again = await t.deps.cards.chargeSavedCard({
        cardId: JSON.parse(invoices[0]!.payment_card ?? (await cardOf(subscriptionId))).card_id,
        paymentIntentId: invoices[0]!.payment_intent_id!,
        paymentMethodId: DEMO.cardMethodId,
        customerId: invoices[0]!.customer_id,
        amount: BigInt(invoices[0]!.amount_due),
        currencyId: invoices[0]!.currency_id,
        idempotencyKey: (charges[0] as unknown as { metadata: Record<string, string> }).metadata
          .bazaar_attempt!,
        now: t.clock.now(),
      });
      expect(again.status).toBe('succeeded');
      expect(stripe.requestCounts()['POST /v1/payment_intents']).toBe(before + 1);
      expect(
        [...stripe.paymentIntents.values()].filter(
          (intent) => (intent as { metadata: Record<string, string> }).metadata.bazaar_attempt,
        ),
      ).toHaveLength(1);
    });

    async function cardOf(subscriptionId: string): Promise<string> {
      const row = await t.db
        .selectFrom('subscriptions')
        .select('payment_card')
        .where('id', '=', subscriptionId)
        .executeTakeFirstOrThrow();
      return row.payment_card!;
    }

    it('fails the renewal of a card the issuer declines off-session, without a charge', async () => {
      const subscriptionId = await subscribeWithTrial(CARDS.savedThenDeclines);
      expect(JSON.parse(await cardOf(subscriptionId)).card_id).toMatch(/^pm_/);
      await renewAfterTrial();
      const invoice = await t.db
        .selectFrom('invoices')
        .selectAll()
        .where('subscription_id', '=', subscriptionId)
        .where('billing_reason', '=', 'subscription_cycle')
        .executeTakeFirstOrThrow();
      expect(invoice).toMatchObject({ status: 'open', attempt_count: 1 });
      expect(countOf(await recordedPayloads(t.db), 'invoice.payment_failed')).toBe(1);
    });
  });

  describe('refunds', () => {
    async function paidWith(number: string) {
      const submitted = await startAndSubmit(t, PAYER);
      expect((await payAtStripe(submitted, number)).status).toBe('succeeded');
      return submitted.intentId;
    }

    async function refund(intentId: string, amount?: string) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${API}/refunds`,
        headers: asRole(t, 'owner'),
        payload: { payment_intent_id: intentId, ...(amount && { amount }) },
      });
      expect(response.statusCode, response.body).toBe(200);
      return refundSchema.parse(response.json());
    }

    async function refundRow(id: string) {
      return refundSchema.parse(
        (await t.app.inject({ url: `${API}/refunds/${id}`, headers: asRole(t, 'owner') })).json(),
      );
    }

    it('gives money back through Stripe, in part and then the rest, and the payer sees both', async () => {
      const intentId = await paidWith(CARDS.succeeds);
      const part = await refund(intentId, '500');
      expect(part.status).toBe('succeeded');
      const rest = await refund(intentId);
      expect(rest).toMatchObject({ status: 'succeeded', amount: '1499' });
      const atStripe = [...stripe.refunds.values()] as { amount: number }[];
      expect(atStripe.map((r) => r.amount).sort()).toEqual([1499, 500]);
      const invoice = await t.app.inject({
        url: `${API}/invoices/${part.invoice_id}`,
        headers: t.signedIn({ did: PAYER }),
      });
      expect(invoiceSchema.parse(invoice.json()).refunds.map((r) => r.status)).toEqual([
        'succeeded',
        'succeeded',
      ]);
    });

    it('waits for the webhook when Stripe answers pending', async () => {
      const intentId = await paidWith(CARDS.refundPendsThenSucceeds);
      const made = await refund(intentId);
      expect(made.status).toBe('pending');
      await stripe.advanceRefunds();
      await stripe.webhooksSettled();
      expect((await refundRow(made.id)).status).toBe('succeeded');
      expect(countOf(await recordedPayloads(t.db), 'refund.succeeded')).toBe(1);
    });

    it('turns a refund the issuer returns days later into a failed one, so the money counts as not given back', async () => {
      const intentId = await paidWith(CARDS.refundSucceedsThenFails);
      const made = await refund(intentId);
      expect(made.status).toBe('succeeded');
      await stripe.advanceRefunds();
      await stripe.webhooksSettled();
      expect((await refundRow(made.id)).status).toBe('failed');
      const types = (await recordedPayloads(t.db))
        .map((e) => e.type)
        .filter((type) => type.startsWith('refund.'));
      expect(types).toEqual(['refund.created', 'refund.succeeded', 'refund.failed']);
      // What failed can be refunded again.
      expect((await refund(intentId, '100')).status).toBe('succeeded');
    });
  });

  describe('the webhook route', () => {
    function signed(body: string, secret = WEBHOOK_SECRET, at = Math.floor(Date.now() / 1000)) {
      const signature = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
      return `t=${at},v1=${signature}`;
    }

    async function post(body: string, signature: string | undefined, methodId: string = DEMO.cardMethodId) {
      return t.app.inject({
        method: 'POST',
        url: `${API}/stripe/webhooks/${methodId}`,
        headers: { 'content-type': 'application/json', ...(signature && { 'stripe-signature': signature }) },
        payload: body,
      });
    }

    const body = JSON.stringify({
      id: 'evt_forged000000000000000000',
      object: 'event',
      type: 'payment_intent.succeeded',
      livemode: false,
      created: 1,
      data: { object: { id: 'pi_x', object: 'payment_intent', metadata: {} } },
    });

    it('refuses a missing, wrong or stale signature, and an unknown method, writing nothing', async () => {
      for (const signature of [
        undefined,
        signed(body, 'whsec_wrongsecret0000'),
        signed(body, WEBHOOK_SECRET, 1),
      ]) {
        const response = await post(body, signature);
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
      }
      expect((await post(body, signed(`${body} `))).statusCode).toBe(400);
      expect((await post(body, signed(body), 'pm_nosuchmethod000')).statusCode).toBe(404);
      expect(await t.db.selectFrom('stripe_events').selectAll().execute()).toEqual([]);
    });

    it('records an event it has no use for, and answers it as received', async () => {
      const unused = body.replace('payment_intent.succeeded', 'customer.created');
      const response = await post(unused, signed(unused));
      expect(response.statusCode, response.body).toBe(200);
      expect(await t.db.selectFrom('stripe_events').select('type').execute()).toEqual([
        { type: 'customer.created' },
      ]);
    });
  });
});
