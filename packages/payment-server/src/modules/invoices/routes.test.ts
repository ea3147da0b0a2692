import { invoiceSchema, listedInvoiceSchema, paginatedSchema, testCardResultSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { asRole } from '../../test-utils/admin-requests.ts';
import { confirmCard, startAndSubmit } from '../../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { createInvoice, getInvoice } from './service.ts';

const invoicePage = paginatedSchema(invoiceSchema);
const listedPage = paginatedSchema(listedInvoiceSchema);

describe.each(TEST_DIALECTS)('invoice routes on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  async function paidInvoiceId(payer: string): Promise<string> {
    const { intentId, secret } = await startAndSubmit(t, payer);
    const paid = testCardResultSchema.parse(
      (await confirmCard(t, intentId, secret, '4242424242424242')).json(),
    );
    if (!paid.paymentIntent.invoice_id) throw new Error('the paid intent has no invoice');
    return paid.paymentIntent.invoice_id;
  }

  it('shows the payer their paid invoice with its lines and total', async () => {
    const id = await paidInvoiceId('did:bazaar:usr_payer');
    const response = await t.app.inject({
      url: `${API}/invoices/${id}`,
      headers: t.signedIn({ did: 'did:bazaar:usr_payer' }),
    });
    expect(response.statusCode).toBe(200);
    const invoice = invoiceSchema.parse(response.json());
    expect(invoice).toMatchObject({
      status: 'paid',
      total: '1999',
      amount_paid: '1999',
      amount_remaining: '0',
    });
    expect(invoice.lines).toEqual([
      expect.objectContaining({ quantity: 1, unit_amount: '1999', amount: '1999' }),
    ]);
    expect(invoice.currency.symbol).toBe('USD');
  });

  it('hides it from other members and from guests, but not from an admin', async () => {
    const id = await paidInvoiceId('did:bazaar:usr_payer');
    const stranger = await t.app.inject({
      url: `${API}/invoices/${id}`,
      headers: t.signedIn({ did: 'did:bazaar:usr_other' }),
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('NOT_FOUND');
    expect((await t.app.inject({ url: `${API}/invoices/${id}` })).statusCode).toBe(401);
    const admin = await t.app.inject({
      url: `${API}/invoices/${id}`,
      headers: t.signedIn({
        did: 'did:bazaar:usr_admin',
        role: 'admin',
        passports: [{ role: 'admin', name: 'admin' }],
      }),
    });
    expect(admin.statusCode).toBe(200);
  });

  it('answers an unknown invoice with NOT_FOUND', async () => {
    const response = await t.app.inject({ url: `${API}/invoices/in_missing`, headers: t.signedIn() });
    expect(response.statusCode).toBe(404);
  });

  it("lists a payer's own invoices newest first, by subscription and status; an admin's, anyone's", async () => {
    const payer = 'did:bazaar:usr_payer';
    const purchase = await paidInvoiceId(payer);
    t.clock.advance(60);
    const trial = await startAndSubmit(t, payer, { linkId: DEMO.subscriptionLinkId });
    const started = testCardResultSchema.parse(
      (await confirmCard(t, trial.intentId, trial.secret, TEST_CARDS.succeeds)).json(),
    );
    const subscriptionInvoice = started.paymentIntent.invoice_id!;
    const subscriptionId = (await getInvoice(t.db, subscriptionInvoice)).subscription_id!;
    const othersInvoice = await paidInvoiceId('did:bazaar:usr_other');

    const list = async (query: string, headers = t.signedIn({ did: payer })) => {
      const response = await t.app.inject({ url: `${API}/invoices?livemode=false${query}`, headers });
      expect(response.statusCode, response.body).toBe(200);
      const page = invoicePage.parse(response.json());
      return { count: page.count, ids: page.list.map((invoice) => invoice.id) };
    };
    expect(await list('')).toEqual({ count: 2, ids: [subscriptionInvoice, purchase] });
    expect(await list(`&subscription_id=${subscriptionId}`)).toEqual({
      count: 1,
      ids: [subscriptionInvoice],
    });
    expect(await list('&status=open')).toEqual({ count: 0, ids: [] });
    expect(await list('&pageSize=1&page=2')).toEqual({ count: 2, ids: [purchase] });
    const othersCustomer = (await getInvoice(t.db, othersInvoice)).customer_id;
    expect(await list(`&customer_id=${othersCustomer}`)).toEqual({ count: 0, ids: [] });
    expect((await t.app.inject({ url: `${API}/invoices?livemode=false` })).statusCode).toBe(401);

    const admin = asRole(t, 'admin');
    expect((await list('', admin)).count).toBe(3);
    expect(await list('&own=true', admin)).toEqual({ count: 0, ids: [] });
    expect((await list('&own=true')).count).toBe(2);
    expect(await list(`&customer_id=${othersCustomer}`, admin)).toEqual({ count: 1, ids: [othersInvoice] });
    // Each listed invoice names whom it bills, so an admin's list reads as names.
    const named = listedPage.parse(
      (await t.app.inject({ url: `${API}/invoices?livemode=false`, headers: admin })).json(),
    );
    const whose = new Map(named.list.map((invoice) => [invoice.id, invoice.customer]));
    expect(new Map([...whose].map(([id, customer]) => [id, customer.did]))).toEqual(
      new Map([
        [othersInvoice, 'did:bazaar:usr_other'],
        [subscriptionInvoice, payer],
        [purchase, payer],
      ]),
    );
    expect(whose.get(othersInvoice)).toMatchObject({ id: othersCustomer, email: expect.any(String) });
  });

  it('filters by currency, leaves out invoices of nothing, and shows staking and recovery invoices only when asked', async () => {
    const payer = 'did:bazaar:usr_payer';
    const purchase = await paidInvoiceId(payer);
    const { customer_id: customerId } = await getInvoice(t.db, purchase);
    t.clock.advance(60);
    const trial = await startAndSubmit(t, payer, { linkId: DEMO.subscriptionLinkId });
    const started = testCardResultSchema.parse(
      (await confirmCard(t, trial.intentId, trial.secret, TEST_CARDS.succeeds)).json(),
    );
    // The trial's first invoice is of nothing.
    const trialInvoice = started.paymentIntent.invoice_id!;
    const subscriptionId = (await getInvoice(t.db, trialInvoice)).subscription_id!;
    const extra = async (billingReason: 'stake' | 'return_stake' | 'subscription_recover') => {
      t.clock.advance(60);
      return createInvoice(t.db, {
        customerId,
        currencyId: DEMO.usdCurrencyId,
        livemode: false,
        billingReason,
        description: billingReason,
        lines: [{ description: billingReason, priceId: null, quantity: 1, unitAmount: '500', amount: '500' }],
        status: 'open',
        now: t.clock.now(),
      });
    };
    const stake = await extra('stake');
    const stakeReturn = await extra('return_stake');
    const recovery = await extra('subscription_recover');

    const list = async (query: string, did = payer) => {
      const response = await t.app.inject({
        url: `${API}/invoices?livemode=false${query}`,
        headers: t.signedIn({ did }),
      });
      return { status: response.statusCode, body: response.json() };
    };
    const ids = async (query: string) => ((await list(query)).body.list as { id: string }[]).map((i) => i.id);
    expect(await ids('')).toEqual([trialInvoice, purchase]);
    expect(await ids('&ignore_zero=true')).toEqual([purchase]);
    expect(await ids('&include_staking=true&include_return_staking=1&include_recovered_from=true')).toEqual([
      recovery,
      stakeReturn,
      stake,
      trialInvoice,
      purchase,
    ]);
    expect(await ids('&include_staking=true&ignore_zero=true')).toEqual([stake, purchase]);
    expect(await ids(`&currency_id=${DEMO.eurCurrencyId}`)).toEqual([]);
    // A parameter without a value filters nothing, as the pages send them.
    expect(await ids('&status=&customer_id=&currency_id=&include_staking=')).toEqual([
      trialInvoice,
      purchase,
    ]);

    const bySubscription = await list(`&subscription_id=${subscriptionId}`);
    expect(bySubscription.body).toMatchObject({
      count: 1,
      subscription: { id: subscriptionId, status: 'trialing' },
    });
    // Someone else's subscription does not exist for them, and a guessed one for nobody.
    expect((await list(`&subscription_id=${subscriptionId}`, 'did:bazaar:usr_other')).status).toBe(404);
    expect((await list('&subscription_id=sub_guessed')).status).toBe(404);
  });

  it('answers ten invoices a page unless asked for another size', async () => {
    const payer = 'did:bazaar:usr_payer';
    for (let index = 0; index < 11; index += 1) await paidInvoiceId(payer);
    const response = await t.app.inject({
      url: `${API}/invoices?livemode=false`,
      headers: t.signedIn({ did: payer }),
    });
    expect(invoicePage.parse(response.json())).toMatchObject({ count: 11, list: expect.any(Array) });
    expect(response.json().list).toHaveLength(10);
  });
});
