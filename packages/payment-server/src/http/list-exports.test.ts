import { refundSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed.ts';
import { TEST_CARDS } from '../providers/test-card-network.ts';
import { adminRequest } from '../test-utils/admin-requests.ts';
import { confirmCard, startAndSubmit } from '../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../test-utils/payment-test-app.ts';
import { makeSubscription, MONTHLY } from '../test-utils/subscription-builders.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../test-utils/webhook-receiver.ts';

/** Each admin list with an export: the export holds what the list's pages hold, in their order. */
const EXPORTS = [
  { list: '/subscriptions', query: '', file: 'subscriptions' },
  { list: '/subscriptions', query: '&status=canceled', file: 'subscriptions' },
  { list: '/payment-intents', query: '', file: 'payments' },
  { list: '/payment-intents', query: '&status=succeeded', file: 'payments' },
  { list: '/refunds', query: '', file: 'refunds' },
  { list: '/invoices', query: '&status=paid', file: 'invoices' },
  { list: '/customers', query: '', file: 'customers' },
  { list: '/customers', query: '&q=PAYER', file: 'customers' },
  { list: '/products', query: '', file: 'products' },
  { list: '/products', query: '&active=false', file: 'products' },
  { list: '/products', query: '&q=bazaar', file: 'products' },
  { list: '/payment-links', query: '', file: 'payment-links' },
  { list: '/payment-links', query: '&active=true&q=license', file: 'payment-links' },
  { list: '/webhook-endpoints', query: '', file: 'webhook-endpoints' },
  { list: '/test-clocks', query: '', file: 'test-clocks' },
] as const;

/** A name a spreadsheet would run as a formula, as anyone may type it. */
const FORMULA = '=HYPERLINK("http://evil.example","click")';

describe.each(TEST_DIALECTS)('list exports on %s', (dialect) => {
  let t: PaymentTestApp;
  let receiver: WebhookReceiver;
  let endpointId: string;

  beforeAll(async () => {
    t = await openPaymentTestApp(dialect);
    for (const [index, card] of [TEST_CARDS.succeeds, TEST_CARDS.declines, TEST_CARDS.succeeds].entries()) {
      t.clock.advance(60);
      const { intentId, secret } = await startAndSubmit(t, `did:bazaar:usr_payer${index}`);
      await confirmCard(t, intentId, secret, card);
      if (card === TEST_CARDS.succeeds) {
        const refund = await adminRequest(t, 'POST', '/refunds', {
          payment_intent_id: intentId,
          amount: '150',
          description: '@SUM(A1:A9) goodwill',
        });
        expect(refund.statusCode, refund.body).toBe(200);
        refundSchema.parse(refund.json());
      }
    }
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `${API}/customers/me?livemode=false`,
      headers: t.signedIn({ did: 'did:bazaar:usr_payer1' }),
      payload: { name: FORMULA, email: 'payer1@example.com' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    t.clock.advance(60);
    const product = await adminRequest(t, 'POST', '/products', {
      livemode: false,
      name: FORMULA,
      description: '+1 retired',
      unit_label: 'seat',
      active: false,
    });
    expect(product.statusCode, product.body).toBe(200);
    t.clock.advance(60);
    const link = await adminRequest(t, 'POST', '/payment-links', {
      livemode: false,
      name: '-license for teams',
      currency_id: DEMO.usdCurrencyId,
      line_items: [
        {
          price_id: DEMO.licensePriceId,
          quantity: 2,
          adjustable_quantity: { enabled: true, minimum: 1, maximum: 5 },
        },
        { price_id: DEMO.supportPriceId, quantity: 1, cross_sell: true },
      ],
      after_completion: { type: 'redirect', redirect: { url: 'https://example.com/thanks' } },
      metadata: { team: 'yes' },
    });
    expect(link.statusCode, link.body).toBe(200);
    for (const [index, status] of (['active', 'canceled', 'past_due'] as const).entries()) {
      t.clock.advance(60);
      await makeSubscription(t, {
        items: [{ priceId: DEMO.monthlyPriceId, recurrence: MONTHLY, quantity: index + 1 }],
        did: `did:bazaar:usr_subscriber${index}`,
        status,
      });
    }

    receiver = await startWebhookReceiver();
    // The receiver fails subscriptions' events, so the endpoint has deliveries of both outcomes.
    receiver.answer = (webhook) => (webhook.event.type.startsWith('customer.subscription') ? 500 : 200);
    for (const livemode of [true, false, false]) {
      t.clock.advance(60);
      const endpoint = await adminRequest(t, 'POST', '/webhook-endpoints', {
        livemode,
        url: receiver.url,
        enabled_events: ['*'],
        description: FORMULA,
        metadata: { team: 'ops' },
      });
      expect(endpoint.statusCode, endpoint.body).toBe(200);
      endpointId = (endpoint.json() as { id: string }).id;
    }
    for (const type of [
      'invoice.paid',
      'customer.subscription.created',
      'refund.succeeded',
      'customer.subscription.deleted',
    ]) {
      t.clock.advance(60);
      const sent = await adminRequest(t, 'POST', `/webhook-endpoints/${endpointId}/test`, { type });
      expect(sent.statusCode, sent.body).toBe(200);
    }

    for (const name of ['Renewals', 'Trials']) {
      t.clock.advance(60);
      const clock = await adminRequest(t, 'POST', '/test-clocks', { name });
      expect(clock.statusCode, clock.body).toBe(200);
      if (name === 'Trials') {
        const { id, frozen_time } = clock.json() as { id: string; frozen_time: number };
        const advanced = await adminRequest(t, 'POST', `/test-clocks/${id}/advance`, {
          frozen_time: frozen_time + 86_400,
        });
        expect(advanced.statusCode, advanced.body).toBe(200);
      }
    }
  }, 60_000);
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it.each(EXPORTS)('exports $list with "$query" as its pages list it', async ({ list, query, file }) => {
    const listed = await adminRequest(t, 'GET', `${list}?livemode=false&pageSize=100${query}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const page = listed.json() as { list: Array<{ id: string }>; count: number };
    expect(page.count).toBeGreaterThan(0);

    const exported = await adminRequest(t, 'GET', `${list}/export.csv?livemode=false${query}`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="${file}-test.csv"`);
    expect(exported.headers['x-total-count']).toBe(String(page.count));
    const records = parse(exported.body, { columns: true }) as Array<Record<string, string>>;
    expect(records.map((record) => record.id)).toEqual(page.list.map((row) => row.id));
  });

  it('writes amounts in the currency, times in UTC, and formulas as text', async () => {
    const refunds = parse((await adminRequest(t, 'GET', '/refunds/export.csv?livemode=false')).body, {
      columns: true,
    }) as Array<Record<string, string>>;
    expect(refunds[0]).toMatchObject({
      amount: '1.5',
      currency: 'USD',
      status: 'succeeded',
      description: "'@SUM(A1:A9) goodwill",
    });
    expect(refunds[0]!.created).toMatch(/Z$/);

    const payments = parse(
      (await adminRequest(t, 'GET', '/payment-intents/export.csv?livemode=false')).body,
      {
        columns: true,
      },
    ) as Array<Record<string, string>>;
    expect(payments.map((payment) => [payment.status, payment.amount])).toEqual([
      ['succeeded', '19.99'],
      ['requires_payment_method', '19.99'],
      ['succeeded', '19.99'],
    ]);
    expect(payments[1]!.failure).not.toBe('');

    const subscriptions = parse(
      (await adminRequest(t, 'GET', '/subscriptions/export.csv?livemode=false')).body,
      {
        columns: true,
      },
    ) as Array<Record<string, string>>;
    expect(subscriptions.map((subscription) => subscription.status)).toEqual([
      'past_due',
      'canceled',
      'active',
    ]);
    expect(subscriptions[0]!.products).toMatch(/ × 3$/);
    expect(subscriptions[0]!.cancel_at_period_end).toBe('false');
  });

  /** A list's export, parsed: its header row names each record's cells. */
  async function exportedRecords(path: string): Promise<Array<Record<string, string>>> {
    const exported = await adminRequest(t, 'GET', path);
    expect(exported.statusCode, exported.body).toBe(200);
    return parse(exported.body, { columns: true }) as Array<Record<string, string>>;
  }

  it('writes a customer in full, a formula for a name as text', async () => {
    const [payer] = await exportedRecords('/customers/export.csv?livemode=false&q=usr_payer1');
    expect(payer).toMatchObject({
      name: `'${FORMULA}`,
      did: 'did:bazaar:usr_payer1',
      test_clock_id: '',
      metadata: '',
    });
    expect(Object.keys(payer!)).toEqual([
      'id',
      'name',
      'email',
      'phone',
      'did',
      'address_line1',
      'address_line2',
      'address_city',
      'address_state',
      'address_postal_code',
      'address_country',
      'test_clock_id',
      'metadata',
      'created',
    ]);
    expect(payer!.id).toMatch(/^cus_/);
    expect(payer!.created).toMatch(/Z$/);
  });

  it('writes a product in full with how many of its prices are active', async () => {
    const [archived] = await exportedRecords('/products/export.csv?livemode=false&active=false');
    expect(archived).toMatchObject({
      name: `'${FORMULA}`,
      active: 'false',
      description: "'+1 retired",
      unit_label: 'seat',
      statement_descriptor: '',
      prices: '0',
      active_prices: '0',
    });

    const products = await exportedRecords('/products/export.csv?livemode=false');
    const membership = products.find((product) => product.id === DEMO.membershipProductId)!;
    const prices = (
      await adminRequest(
        t,
        'GET',
        `/prices?livemode=false&pageSize=100&product_id=${DEMO.membershipProductId}`,
      )
    ).json() as { list: Array<{ active: boolean }>; count: number };
    expect(prices.count).toBeGreaterThan(1);
    expect(membership).toMatchObject({
      name: 'Bazaar Club membership',
      active: 'true',
      prices: String(prices.count),
      active_prices: String(prices.list.filter((price) => price.active).length),
    });
  });

  it('writes a payment link with what it sells and the options of its checkout', async () => {
    const [link] = await exportedRecords('/payment-links/export.csv?livemode=false&q=teams');
    const names = (await adminRequest(t, 'GET', '/products?livemode=false&pageSize=100')).json() as {
      list: Array<{ id: string; name: string }>;
    };
    const productName = (id: string) => names.list.find((product) => product.id === id)!.name;
    expect(link).toMatchObject({
      name: "'-license for teams",
      active: 'true',
      currency: 'USD',
      items: `${DEMO.licensePriceId} × 2 (adjustable 1–5); ${DEMO.supportPriceId} × 1 (cross-sell)`,
      products: `${productName(DEMO.licenseProductId)}; ${productName(DEMO.supportProductId)}`,
      submit_type: 'auto',
      phone_number_collection: 'false',
      trial_period_days: '',
      after_completion: 'redirect',
      redirect_url: 'https://example.com/thanks',
      donation: 'false',
      metadata: '{"team":"yes"}',
    });

    const donation = (await exportedRecords('/payment-links/export.csv?livemode=false')).find(
      (record) => record.id === DEMO.donationLinkId,
    );
    expect(donation).toMatchObject({ donation: 'true', submit_type: 'donate' });
  });

  it("exports an endpoint's deliveries as its pages list them, with each one's latest answer", async () => {
    for (const query of ['', '&status=failed', '&status=succeeded']) {
      const listed = await adminRequest(
        t,
        'GET',
        `/webhook-endpoints/${endpointId}/deliveries?pageSize=100${query}`,
      );
      const page = listed.json() as { list: Array<{ id: string }>; count: number };
      const exported = await adminRequest(
        t,
        'GET',
        `/webhook-endpoints/${endpointId}/deliveries/export.csv?livemode=false${query}`,
      );
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.headers['content-disposition']).toBe(
        `attachment; filename="webhook-deliveries-${endpointId}-test.csv"`,
      );
      expect(exported.headers['x-total-count']).toBe(String(page.count));
      const records = parse(exported.body, { columns: true }) as Array<Record<string, string>>;
      expect(records.map((record) => record.id)).toEqual(page.list.map((row) => row.id));
    }
    const records = await exportedRecords(`/webhook-endpoints/${endpointId}/deliveries/export.csv`);
    expect(records.map((record) => [record.event_type, record.status, record.response_status])).toEqual([
      ['customer.subscription.deleted', 'failed', '500'],
      ['refund.succeeded', 'succeeded', '200'],
      ['customer.subscription.created', 'failed', '500'],
      ['invoice.paid', 'succeeded', '200'],
    ]);
    expect(records[0]).toMatchObject({ test: 'true', attempts: '1', error: '', next_attempt: '' });
    expect(records[0]!.last_attempt).toMatch(/Z$/);

    const elsewhere = await adminRequest(
      t,
      'GET',
      '/webhook-endpoints/we_doesnotexist/deliveries/export.csv',
    );
    expect(elsewhere.statusCode).toBe(404);
  });

  it('writes an endpoint without its secret, its events and text as typed kept safe', async () => {
    const endpoints = await exportedRecords('/webhook-endpoints/export.csv?livemode=false');
    expect(endpoints).toHaveLength(2);
    expect(endpoints[0]).toMatchObject({
      id: endpointId,
      url: receiver.url,
      description: `'${FORMULA}`,
      status: 'enabled',
      enabled_events: '*',
      failing_since: '',
      metadata: '{"team":"ops"}',
    });
    expect(Object.keys(endpoints[0]!)).not.toContain('secret');
    expect(JSON.stringify(endpoints)).not.toContain('whsec_');
    expect(await exportedRecords('/webhook-endpoints/export.csv?livemode=true')).toHaveLength(1);
  });

  it('writes a test clock with its latest advance, and none in live mode', async () => {
    const [trials, renewals] = await exportedRecords('/test-clocks/export.csv?livemode=false');
    expect(trials).toMatchObject({ name: 'Trials', status: 'ready', customers: '0', advance_renewals: '0' });
    expect(Date.parse(trials!.advance_to!) - Date.parse(trials!.advance_from!)).toBe(86_400_000);
    expect(trials!.frozen_time).toBe(trials!.advance_to);
    expect(renewals).toMatchObject({
      name: 'Renewals',
      advance_from: '',
      advance_to: '',
      advance_failure: '',
    });

    const live = await adminRequest(t, 'GET', '/test-clocks/export.csv?livemode=true');
    expect(live.headers['x-total-count']).toBe('0');
    expect(parse(live.body, { columns: true })).toEqual([]);
  });
});
