import {
  adminCustomerDetailsSchema,
  adminCustomerSchema,
  errorEnvelopeSchema,
  paginatedSchema,
  testCardResultSchema,
} from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { adminRequest } from '../../test-utils/admin-requests.ts';
import { confirmCard, startAndSubmit } from '../../test-utils/checkout-steps.ts';
import { openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { testCustomerDetails } from '../../test-utils/payment-test-kit.ts';
import { insertPlanPrice, makeSubscription, MONTHLY } from '../../test-utils/subscription-builders.ts';
import { recordBalanceTransactions } from '../customer-balance/service.ts';
import { attachTestClockCustomer, createTestClock } from '../test-clocks/service.ts';
import { CUSTOMER_PAGE_LIST_SIZE } from './admin-service.ts';
import { saveCustomer } from './service.ts';

const customerPage = paginatedSchema(adminCustomerSchema);

describe.each(TEST_DIALECTS)('the admin’s customers on %s', (dialect) => {
  let t: PaymentTestApp;
  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  /** A customer made a minute after the last one, so "created" orders them as made. */
  async function customer(did: string, contact: { name: string; email: string }, livemode = false) {
    t.clock.advance(60);
    return saveCustomer(t.deps, { ...testCustomerDetails(did), ...contact, livemode });
  }
  const names = async (query: string) => {
    const response = await adminRequest(t, 'GET', `/customers?livemode=false${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = customerPage.parse(response.json());
    return { names: page.list.map((entry) => entry.name), count: page.count };
  };

  it('finds a text in the name, email or DID in any case of A–Z, treating % and _ as themselves', async () => {
    await customer('did:bazaar:usr_ada', { name: 'Ada Lovelace', email: 'ada@analytical.test' });
    await customer('did:bazaar:usr_grace', { name: 'Grace Hopper', email: 'grace@navy.test' });
    await customer('did:pkh:eip155:1:0xAbC123', { name: 'Wallet User', email: 'w_100%@mail.test' });
    await customer('did:bazaar:usr_zoe', { name: 'Zoë ÄRGER', email: 'zoe@mail.test' });
    await customer('did:bazaar:usr_live', { name: 'Ada Live', email: 'ada@live.test' }, true);

    expect(await names('&q=ADA')).toEqual({ names: ['Ada Lovelace'], count: 1 });
    expect((await names('&q=NAVY.test')).names).toEqual(['Grace Hopper']);
    expect((await names('&q=0xabc123')).names).toEqual(['Wallet User']);
    expect((await names('&q=usr_')).names).toEqual(['Zoë ÄRGER', 'Grace Hopper', 'Ada Lovelace']);
    // LIKE's wildcards are searched for as text: `_` and `%` match only themselves.
    expect((await names('&q=w_100%25')).names).toEqual(['Wallet User']);
    expect((await names('&q=%25%25')).names).toEqual([]);
    // Case is ignored for A–Z only, on both databases alike whatever their locale.
    expect((await names('&q=ZOë')).names).toEqual(['Zoë ÄRGER']);
    expect((await names('&q=ÄRGER')).names).toEqual(['Zoë ÄRGER']);
    expect((await names('&q=ärger')).names).toEqual([]);
    // Surrounding spaces are dropped, and an empty search finds everyone of the mode.
    expect((await names('&q=%20lovelace%20')).names).toEqual(['Ada Lovelace']);
    expect((await names('&q=')).count).toBe(4);
    const live = await adminRequest(t, 'GET', '/customers?livemode=true&q=ada');
    expect(customerPage.parse(live.json()).list.map((entry) => entry.name)).toEqual(['Ada Live']);
  });

  it('sorts by created, name or email either way, and pages through the sorted list', async () => {
    await customer('did:bazaar:usr_b', { name: 'bob', email: 'Zed@mail.test' });
    await customer('did:bazaar:usr_a', { name: 'Ada', email: 'yan@mail.test' });
    await customer('did:bazaar:usr_c', { name: 'Carol', email: 'xia@mail.test' });
    await customer('did:bazaar:usr_e', { name: 'Émile', email: 'will@mail.test' });

    expect((await names('')).names).toEqual(['Émile', 'Carol', 'Ada', 'bob']);
    expect((await names('&sortBy=created&sortDirection=asc')).names).toEqual([
      'bob',
      'Ada',
      'Carol',
      'Émile',
    ]);
    // Names A to Z ignoring the case of A–Z; other letters after them, by code point.
    expect((await names('&sortBy=name')).names).toEqual(['Ada', 'bob', 'Carol', 'Émile']);
    expect((await names('&sortBy=name&sortDirection=desc')).names).toEqual(['Émile', 'Carol', 'bob', 'Ada']);
    expect((await names('&sortBy=email')).names).toEqual(['Émile', 'Carol', 'Ada', 'bob']);
    expect((await names('&sortBy=email&sortDirection=desc')).names).toEqual(['bob', 'Ada', 'Carol', 'Émile']);
    // An empty parameter sorts as none was given.
    expect((await names('&sortBy=&sortDirection=')).names).toEqual(['Émile', 'Carol', 'Ada', 'bob']);
    expect(await names('&sortBy=name&pageSize=3&page=2')).toEqual({ names: ['Émile'], count: 4 });
    expect(await names('&sortBy=name&pageSize=3&page=3')).toEqual({ names: [], count: 4 });

    const wrongSort = await adminRequest(t, 'GET', '/customers?sortBy=phone');
    expect(wrongSort.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(wrongSort.json()).error.code).toBe('VALIDATION_FAILED');
  });

  it('shows one customer with their subscriptions, invoices, payments, refunds, credit and test clock', async () => {
    const ada = 'did:bazaar:usr_ada';
    const { intentId, secret } = await startAndSubmit(t, ada);
    const paid = testCardResultSchema.parse(
      (await confirmCard(t, intentId, secret, TEST_CARDS.succeeds)).json(),
    );
    const refund = await adminRequest(t, 'POST', '/refunds', { payment_intent_id: intentId, amount: '250' });
    expect(refund.statusCode, refund.body).toBe(200);
    // Another payer's things stay off Ada's page.
    const bob = await startAndSubmit(t, 'did:bazaar:usr_bob');
    await confirmCard(t, bob.intentId, bob.secret, TEST_CARDS.succeeds);

    await insertPlanPrice(t, { id: 'price_basic', unitAmount: 3000n, interval: 'month' });
    const { customerId, subscriptionId } = await makeSubscription(t, {
      did: ada,
      items: [{ priceId: 'price_basic', recurrence: MONTHLY }],
    });
    // More credit than a JS number holds exactly: it must come back to the digit.
    const scope = { customerId, currencyId: DEMO.usdCurrencyId, livemode: false };
    await recordBalanceTransactions(t.db, scope, [
      { amount: -9_007_199_254_740_993n, type: 'proration_credit', invoiceId: null, subscriptionId, now: 1 },
    ]);
    const clock = await createTestClock(t.deps, { name: 'Ada’s year' });
    await attachTestClockCustomer(t.deps, { testClockId: clock.id, customerId });

    const response = await adminRequest(t, 'GET', `/customers/${customerId}?livemode=false`);
    expect(response.statusCode, response.body).toBe(200);
    const details = adminCustomerDetailsSchema.parse(response.json());
    expect(details).toMatchObject({
      id: customerId,
      object: 'customer',
      did: ada,
      livemode: false,
      test_clock_id: clock.id,
      test_clock: { id: clock.id, name: 'Ada’s year' },
      credit: [{ currency_id: DEMO.usdCurrencyId, amount: '9007199254740993', currency: { symbol: 'USD' } }],
    });
    expect(details.subscriptions).toMatchObject({
      count: 1,
      list: [{ id: subscriptionId, status: 'active' }],
    });
    expect(details.invoices).toMatchObject({
      count: 1,
      list: [{ id: paid.paymentIntent.invoice_id, status: 'paid', customer_id: customerId }],
    });
    expect(details.payments).toMatchObject({
      count: 1,
      list: [{ id: intentId, status: 'succeeded', amount: '1999', currency: { symbol: 'USD' } }],
    });
    expect(details.refunds).toMatchObject({
      count: 1,
      list: [{ payment_intent_id: intentId, amount: '250', currency: { symbol: 'USD' } }],
    });
  });

  it('shows the newest of many and counts them all', async () => {
    for (let index = 0; index <= CUSTOMER_PAGE_LIST_SIZE; index += 1) {
      t.clock.advance(60);
      const { intentId, secret } = await startAndSubmit(t, 'did:bazaar:usr_ada');
      await confirmCard(t, intentId, secret, TEST_CARDS.succeeds);
    }
    const [ada] = customerPage.parse((await adminRequest(t, 'GET', '/customers?livemode=false')).json()).list;
    const details = adminCustomerDetailsSchema.parse(
      (await adminRequest(t, 'GET', `/customers/${ada!.id}?livemode=false`)).json(),
    );
    expect(details.payments.count).toBe(CUSTOMER_PAGE_LIST_SIZE + 1);
    expect(details.payments.list).toHaveLength(CUSTOMER_PAGE_LIST_SIZE);
    expect(details.invoices.list.map((invoice) => invoice.created_at)).toEqual(
      details.invoices.list.map((invoice) => invoice.created_at).sort((a, b) => b - a),
    );
    expect(details).toMatchObject({ subscriptions: { list: [], count: 0 }, credit: [], test_clock: null });
  });

  it.each([
    ['an id nobody has', 404, 'NOT_FOUND', () => `cus_${'A'.repeat(24)}`, '?livemode=false'],
    ['a test-mode customer asked for in live mode', 404, 'NOT_FOUND', (id: string) => id, '?livemode=true'],
    ['an id of another kind', 400, 'VALIDATION_FAILED', () => `in_${'A'.repeat(24)}`, '?livemode=false'],
  ])('answers %s with %i %s', async (_, status, code, makeId, query) => {
    const saved = await customer('did:bazaar:usr_ada', { name: 'Ada', email: 'ada@mail.test' });
    const response = await adminRequest(t, 'GET', `/customers/${makeId(saved.id)}${query}`);
    expect(response.statusCode, response.body).toBe(status);
    expect(errorEnvelopeSchema.parse(response.json()).error.code).toBe(code);
  });
});
