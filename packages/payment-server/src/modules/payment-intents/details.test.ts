import { adminPaymentSchema, submitCheckoutBodySchema, testCardResultSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { DEMO_CHAIN } from '../../demo/seed-chain.ts';
import { reportChainTransfer } from '../../flows/pay-by-chain.ts';
import { getAdminPayment } from '../../flows/payment-details.ts';
import { submitCheckout } from '../../flows/submit-checkout.ts';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { saveStripeIntentRow } from '../../providers/stripe/repository.ts';
import { adminRequest } from '../../test-utils/admin-requests.ts';
import { openChainCheckout, useChainTestKit } from '../../test-utils/chain-test-kit.ts';
import { confirmCard, startAndSubmit } from '../../test-utils/checkout-steps.ts';
import { openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { makeSubmitBody } from '../../test-utils/payment-test-kit.ts';
import { startCheckoutFromLink } from '../checkout-sessions/service.ts';
import { refundStanding } from '../refunds/service.ts';

const PAYER = 'did:bazaar:usr_payer';

describe.each(TEST_DIALECTS)('an admin’s look at one payment on %s', (dialect) => {
  let t: PaymentTestApp;
  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  /** The demo one-time link ($19.99) paid with `card`; answers the intent's id and its session's. */
  async function paidByCard(card: string = TEST_CARDS.succeeds) {
    const { intentId, secret, sessionId } = await startAndSubmit(t, PAYER);
    const paid = testCardResultSchema.parse((await confirmCard(t, intentId, secret, card)).json());
    return { intentId, sessionId, paid: paid.paymentIntent };
  }

  async function details(intentId: string, mode = 'false') {
    const response = await adminRequest(t, 'GET', `/payment-intents/${intentId}?livemode=${mode}`);
    return { status: response.statusCode, payment: response.statusCode === 200 ? response.json() : null };
  }

  const refund = (body: Record<string, unknown>) => adminRequest(t, 'POST', '/refunds', body);

  it('shows a card payment with its customer, invoice, session and method, all of it refundable', async () => {
    const { intentId, sessionId, paid } = await paidByCard();
    const { status, payment } = await details(intentId);
    expect(status).toBe(200);
    const parsed = adminPaymentSchema.parse(payment);
    expect(parsed).toMatchObject({
      id: intentId,
      status: 'succeeded',
      amount: '1999',
      amount_received: '1999',
      currency: { id: DEMO.usdCurrencyId, symbol: 'USD', decimal: 2 },
      payment_method: { id: DEMO.cardMethodId, type: 'stripe', name: 'Card' },
      payment_details: { brand: 'visa', last4: '4242' },
      customer: { id: paid.customer_id, did: PAYER },
      invoice: { id: paid.invoice_id, status: 'paid', number: expect.any(String) },
      checkout_session_id: sessionId,
      // The test card network is no provider anyone can look the payment up at.
      provider: null,
      chain: null,
      last_payment_error: null,
      amount_refunded: '0',
      amount_refundable: '1999',
      refunds: [],
    });
  });

  it('lists its refunds oldest first, and what is left to refund drops with each', async () => {
    const { intentId } = await paidByCard();
    expect(
      (await refund({ payment_intent_id: intentId, amount: '500', reason: 'duplicate' })).statusCode,
    ).toBe(200);
    t.clock.advance(1);
    expect((await refund({ payment_intent_id: intentId, amount: '1000' })).statusCode).toBe(200);

    const { payment } = await details(intentId);
    expect(payment).toMatchObject({ amount_refunded: '1500', amount_refundable: '499' });
    expect(
      payment.refunds.map((made: { amount: string; reason: string; status: string }) => [
        made.amount,
        made.reason,
        made.status,
      ]),
    ).toEqual([
      ['500', 'duplicate', 'succeeded'],
      ['1000', 'requested_by_admin', 'succeeded'],
    ]);

    expect((await refund({ payment_intent_id: intentId })).statusCode).toBe(200);
    expect((await details(intentId)).payment).toMatchObject({
      amount_refunded: '1999',
      amount_refundable: '0',
    });
  });

  it('a failed refund gives nothing back and holds nothing', async () => {
    const { intentId } = await paidByCard(TEST_CARDS.refundFails);
    await refund({ payment_intent_id: intentId, amount: '700' });
    const { payment } = await details(intentId);
    expect(payment.refunds).toEqual([
      expect.objectContaining({ status: 'failed', failure_message: expect.any(String) }),
    ]);
    expect(payment).toMatchObject({ amount_refunded: '0', amount_refundable: '1999' });
  });

  it('a declined payment shows why, and nothing of it can be refunded', async () => {
    const { intentId, secret } = await startAndSubmit(t, PAYER);
    expect((await confirmCard(t, intentId, secret, TEST_CARDS.declines)).statusCode).toBe(402);
    const { payment } = await details(intentId);
    expect(payment).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: expect.any(String), message: expect.any(String) },
      invoice: null,
      amount_refundable: '0',
    });
  });

  it('links a payment Stripe took to its page in Stripe’s test dashboard', async () => {
    const { intentId } = await paidByCard();
    await saveStripeIntentRow(t.db, {
      payment_intent_id: intentId,
      stripe_id: 'pi_3Stripe123',
      kind: 'payment_intent',
      client_secret: 'pi_3Stripe123_secret_x',
      amount: '1999',
      currency: 'usd',
      applied_failure: null,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    });
    expect((await details(intentId)).payment.provider).toEqual({
      name: 'stripe',
      payment_intent_id: 'pi_3Stripe123',
      dashboard_url: 'https://dashboard.stripe.com/test/payments/pi_3Stripe123',
    });
  });

  it('is not found in the other mode, nor when there is no such payment', async () => {
    const { intentId } = await paidByCard();
    expect((await details(intentId, 'true')).status).toBe(404);
    expect((await details('pi_missing')).status).toBe(404);
  });
});

const chainKit = useChainTestKit();

describe.each(TEST_DIALECTS)('an admin’s look at a chain payment on %s', (dialect) => {
  it('names the chain, the transaction and the wallet it came from, with the explorer to link them to', async () => {
    const { kit, payer, user } = await openChainCheckout(dialect, chainKit);
    try {
      const method = await kit.db
        .selectFrom('payment_methods')
        .select('settings')
        .where('id', '=', DEMO_CHAIN.methodId)
        .executeTakeFirstOrThrow();
      await kit.db
        .updateTable('payment_methods')
        .set({
          settings: JSON.stringify({ ...JSON.parse(method.settings), explorer_host: 'https://scan.test' }),
        })
        .where('id', '=', DEMO_CHAIN.methodId)
        .execute();
      const view = await startCheckoutFromLink(kit.deps, {
        paymentLinkId: DEMO.oneTimeLinkId,
        metadata: {},
        user,
      });
      const sessionId = view.checkoutSession.id;
      const actor = { user, secret: view.checkoutSession.client_secret };
      const body = makeSubmitBody({
        payment_method: DEMO_CHAIN.methodId,
        payment_currency: DEMO_CHAIN.currencyId,
      });
      await submitCheckout(kit.deps, { sessionId, body: submitCheckoutBodySchema.parse(body), actor });
      const txHash = await payer.transfer(chainKit.vault, 19_990_000n);
      const intent = await reportChainTransfer(kit.deps, { sessionId, txHash, actor });

      const payment = await getAdminPayment(kit.db, { id: intent.id, livemode: false });
      expect(payment).toMatchObject({
        status: 'succeeded',
        amount_refundable: '19990000',
        payment_method: { id: DEMO_CHAIN.methodId },
        provider: null,
        chain: {
          chain_id: chainKit.chain.chainId,
          explorer_host: 'https://scan.test',
          tx_hash: txHash.toLowerCase(),
        },
      });
      expect(payment.chain?.payer?.toLowerCase()).toBe(payer.address.toLowerCase());
    } finally {
      await kit.close();
    }
  });
});

describe('refundStanding', () => {
  const paid = { status: 'succeeded', amount_received: '1000000000000000000' } as const;
  it.each([
    ['nothing refunded', paid, [], 0n, 1_000_000_000_000_000_000n],
    [
      'a refund still being sent holds its part, a failed one none',
      paid,
      [
        { status: 'pending', amount: '250000000000000000' },
        { status: 'failed', amount: '500000000000000000' },
        { status: 'succeeded', amount: '100000000000000000' },
      ],
      100_000_000_000_000_000n,
      650_000_000_000_000_000n,
    ],
    ['all of it given back', paid, [{ status: 'succeeded', amount: '1000000000000000000' }], 10n ** 18n, 0n],
    ['a payment that did not succeed', { status: 'processing', amount_received: '0' }, [], 0n, 0n],
  ] as const)('%s', (_name, intent, refunds, refunded, refundable) => {
    expect(refundStanding(intent, refunds)).toEqual({ refunded, refundable });
  });
});
