import { invoiceSchema, payInvoiceResponseSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { confirmCard } from '../../test-utils/checkout-steps.ts';
import { insertPastDueInvoice, insertPastDueSubscription } from '../../test-utils/past-due-invoice.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { recordedPayloads } from '../../test-utils/payment-test-kit.ts';
import { findPaymentIntentRow } from '../payment-intents/repository.ts';
import { getSubscription } from '../subscriptions/service.ts';

const PAYER = 'did:bazaar:usr_payer';

describe.each(TEST_DIALECTS)('paying an invoice by card on %s', (dialect) => {
  let t: PaymentTestApp;
  let past: Awaited<ReturnType<typeof insertPastDueSubscription>>;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
    past = await insertPastDueSubscription(t.deps, PAYER);
  });
  afterEach(async () => {
    await t.close();
  });

  function startPayment(invoiceId: string, headers = t.signedIn({ did: PAYER })) {
    return t.app.inject({ method: 'POST', url: `${API}/invoices/${invoiceId}/pay`, headers });
  }

  async function paymentOf(invoiceId: string) {
    const response = await startPayment(invoiceId);
    expect(response.statusCode, response.body).toBe(200);
    return payInvoiceResponseSchema.parse(response.json());
  }

  async function invoice(id: string) {
    const response = await t.app.inject({
      url: `${API}/invoices/${id}`,
      headers: t.signedIn({ did: PAYER }),
    });
    return invoiceSchema.parse(response.json());
  }

  const publishedOf = (type: string) => t.published.filter(({ event }) => event.type === type);

  it('pays an uncollectible invoice by 4242: the invoice is paid, the subscription active again', async () => {
    const { paymentIntent, stripeContext } = await paymentOf(past.invoiceId);
    expect(paymentIntent).toMatchObject({
      status: 'requires_payment_method',
      amount: '999',
      currency_id: 'pc_demo_usd',
      payment_method_id: 'pm_demo_card',
      invoice_id: past.invoiceId,
    });
    expect(stripeContext).toMatchObject({ provider: 'test', intent_type: 'payment_intent' });

    const confirmed = await confirmCard(
      t,
      paymentIntent.id,
      stripeContext.client_secret,
      TEST_CARDS.succeeds,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().paymentIntent).toMatchObject({ status: 'succeeded', amount_received: '999' });

    expect(await invoice(past.invoiceId)).toMatchObject({
      status: 'paid',
      amount_paid: '999',
      amount_remaining: '0',
      payment_intent_id: paymentIntent.id,
      paid_at: t.clock.now(),
    });
    expect((await getSubscription(t.db, past.subscriptionId)).status).toBe('active');
    expect(publishedOf('invoice.paid').map(({ event }) => event.data)).toEqual([
      { id: past.invoiceId, customer_id: past.customerId, subscription_id: past.subscriptionId },
    ]);
    expect(publishedOf('payment_intent.succeeded')).toHaveLength(1);
    expect(
      (await recordedPayloads(t.db, 'customer.subscription.updated')).map((event) => event.data),
    ).toEqual([{ id: past.subscriptionId, customer_id: past.customerId, status: 'active' }]);
  });

  it('keeps the subscription past due while another of its invoices is overdue', async () => {
    const second = await insertPastDueInvoice(t.db, {
      customerId: past.customerId,
      subscriptionId: past.subscriptionId,
      status: 'uncollectible',
    });
    for (const [invoiceId, status] of [
      [past.invoiceId, 'past_due'],
      [second, 'active'],
    ] as const) {
      const { paymentIntent, stripeContext } = await paymentOf(invoiceId);
      await confirmCard(t, paymentIntent.id, stripeContext.client_secret, TEST_CARDS.succeeds);
      expect((await getSubscription(t.db, past.subscriptionId)).status).toBe(status);
    }
  });

  it('leaves the invoice unpaid when the card is declined, and takes another card on the same intent', async () => {
    const { paymentIntent, stripeContext } = await paymentOf(past.invoiceId);
    const declined = await confirmCard(t, paymentIntent.id, stripeContext.client_secret, TEST_CARDS.declines);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.code).toBe('card_declined');
    // The declined card is the intent's, not how the invoice was paid.
    expect(await invoice(past.invoiceId)).toMatchObject({
      status: 'uncollectible',
      amount_paid: '0',
      payment_method: { id: 'pm_demo_card', type: 'stripe' },
      payment_details: null,
    });
    expect(publishedOf('invoice.paid')).toEqual([]);

    const again = await paymentOf(past.invoiceId);
    expect(again.paymentIntent).toMatchObject({
      id: paymentIntent.id,
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined' },
    });
    await confirmCard(t, paymentIntent.id, stripeContext.client_secret, TEST_CARDS.succeeds);
    expect(await invoice(past.invoiceId)).toMatchObject({
      status: 'paid',
      payment_details: { brand: 'visa', last4: '4242' },
    });
  });

  it('never settles an invoice twice: one intent, repeated and concurrent confirms pay once', async () => {
    const first = await paymentOf(past.invoiceId);
    expect((await paymentOf(past.invoiceId)).paymentIntent.id).toBe(first.paymentIntent.id);

    const { id } = first.paymentIntent;
    const secret = first.stripeContext.client_secret;
    const answers = await Promise.all([
      confirmCard(t, id, secret, TEST_CARDS.succeeds),
      confirmCard(t, id, secret, TEST_CARDS.succeeds),
    ]);
    expect(
      answers.map((answer) => answer.json().paymentIntent?.status ?? answer.json().error.code),
    ).toContain('succeeded');
    const repeat = await confirmCard(t, id, secret, TEST_CARDS.succeeds);
    expect(repeat.json().paymentIntent.status).toBe('succeeded');

    expect(publishedOf('invoice.paid')).toHaveLength(1);
    expect(publishedOf('payment_intent.succeeded')).toHaveLength(1);
    const paid = await startPayment(past.invoiceId);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.code).toBe('INVOICE_UNEXPECTED_STATE');
  });

  it('refuses the card when the invoice was settled another way meanwhile', async () => {
    const { paymentIntent, stripeContext } = await paymentOf(past.invoiceId);
    await t.db.updateTable('invoices').set({ status: 'void' }).where('id', '=', past.invoiceId).execute();

    const refused = await confirmCard(t, paymentIntent.id, stripeContext.client_secret, TEST_CARDS.succeeds);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INVOICE_UNEXPECTED_STATE');
    expect((await findPaymentIntentRow(t.db, paymentIntent.id))?.status).toBe('requires_payment_method');
    expect(publishedOf('invoice.paid')).toEqual([]);
  });

  it("pays only the payer's own open or uncollectible invoices", async () => {
    const stranger = await startPayment(past.invoiceId, t.signedIn({ did: 'did:bazaar:usr_other' }));
    expect(stranger.statusCode).toBe(404);
    expect((await startPayment(past.invoiceId, {})).statusCode).toBe(401);
    expect((await startPayment('in_missing')).statusCode).toBe(404);

    const open = await insertPastDueInvoice(t.db, { customerId: past.customerId });
    const openAnswer = await startPayment(open);
    expect(openAnswer.statusCode, openAnswer.body).toBe(200);
    const paid = await insertPastDueInvoice(t.db, { customerId: past.customerId, status: 'paid' });
    const refused = await startPayment(paid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'INVOICE_UNEXPECTED_STATE',
      message: 'This invoice is paid',
    });
  });

  it('answers a repeated request with the same Idempotency-Key once', async () => {
    const headers = { ...t.signedIn({ did: PAYER }), 'idempotency-key': 'pay-once' };
    const first = await startPayment(past.invoiceId, headers);
    const second = await startPayment(past.invoiceId, headers);
    expect(second.json()).toEqual(first.json());
    expect(
      await t.db
        .selectFrom('payment_intents')
        .select('id')
        .where('invoice_id', '=', past.invoiceId)
        .execute(),
    ).toHaveLength(1);
  });
});
