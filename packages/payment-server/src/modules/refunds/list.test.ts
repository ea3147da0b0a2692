import { listedRefundSchema, paginatedSchema, refundSchema, testCardResultSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { asRole } from '../../test-utils/admin-requests.ts';
import { confirmCard, startAndSubmit } from '../../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';

const page = paginatedSchema(listedRefundSchema);
const ADA = 'did:bazaar:usr_ada';
const BOB = 'did:bazaar:usr_bob';

describe.each(TEST_DIALECTS)('the payer’s refunds on %s', (dialect) => {
  let t: PaymentTestApp;
  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  /** `did` pays the demo one-time link ($19.99) by card; an admin gives back `amount` of it. */
  async function paidAndRefunded(did: string, amount: string) {
    t.clock.advance(60);
    const { intentId, secret } = await startAndSubmit(t, did);
    const paid = testCardResultSchema.parse(
      (await confirmCard(t, intentId, secret, TEST_CARDS.succeeds)).json(),
    );
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/refunds`,
      headers: asRole(t, 'owner'),
      payload: { payment_intent_id: intentId, amount },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { refund: refundSchema.parse(response.json()), invoiceId: paid.paymentIntent.invoice_id };
  }

  const list = async (query: string, headers: Record<string, string>) => {
    const response = await t.app.inject({ url: `${API}/refunds?livemode=false${query}`, headers });
    return {
      status: response.statusCode,
      page: response.statusCode === 200 ? page.parse(response.json()) : null,
    };
  };
  const ids = (answer: { page: { list: { id: string }[] } | null }) => answer.page?.list.map((r) => r.id);

  it('shows a payer only the refunds of their own payments, with the currency to write them in', async () => {
    const adas = await paidAndRefunded(ADA, '100');
    const bobs = await paidAndRefunded(BOB, '250');
    t.clock.advance(60);
    const adasSecond = await paidAndRefunded(ADA, '1999');

    const ada = await list('&own=true', t.signedIn({ did: ADA }));
    expect(ids(ada)).toEqual([adasSecond.refund.id, adas.refund.id]);
    expect(ada.page?.list[1]).toMatchObject({
      amount: '100',
      status: 'succeeded',
      invoice_id: adas.invoiceId,
      currency: { symbol: 'USD', decimal: 2 },
    });
    // Without own=true a payer still sees only their own; B never sees A's.
    expect(ids(await list('', t.signedIn({ did: ADA })))).toEqual([adasSecond.refund.id, adas.refund.id]);
    expect(ids(await list('&own=true', t.signedIn({ did: BOB })))).toEqual([bobs.refund.id]);

    // Naming B's customer, payment or invoice answers A nothing, rather than whether it exists.
    const bobCustomer = bobs.refund.customer_id!;
    for (const query of [
      `&customer_id=${bobCustomer}`,
      `&payment_intent_id=${bobs.refund.payment_intent_id}`,
      `&invoice_id=${bobs.invoiceId}`,
    ]) {
      expect(ids(await list(query, t.signedIn({ did: ADA }))), query).toEqual([]);
    }
    // Someone who never paid has no refunds; test-mode refunds are not live ones.
    expect((await list('', t.signedIn({ did: 'did:bazaar:usr_new' }))).page).toEqual({ list: [], count: 0 });
    const live = await t.app.inject({
      url: `${API}/refunds?livemode=true`,
      headers: t.signedIn({ did: ADA }),
    });
    expect(page.parse(live.json())).toEqual({ list: [], count: 0 });
  });

  it('asks a guest to sign in; an admin sees everyone’s, and only their own with own=true', async () => {
    const adas = await paidAndRefunded(ADA, '100');
    const bobs = await paidAndRefunded(BOB, '250');
    expect((await list('', {})).status).toBe(401);
    expect(ids(await list('', asRole(t, 'admin')))).toEqual([bobs.refund.id, adas.refund.id]);
    expect((await list('&own=true', asRole(t, 'admin'))).page).toEqual({ list: [], count: 0 });
  });

  it('still lets only admins give money back', async () => {
    const { refund } = await paidAndRefunded(ADA, '100');
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/refunds`,
      headers: t.signedIn({ did: ADA }),
      payload: { payment_intent_id: refund.payment_intent_id, amount: '100' },
    });
    expect(response.statusCode).toBe(403);
  });
});
