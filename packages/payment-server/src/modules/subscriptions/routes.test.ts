import { listedSubscriptionSchema, paginatedSchema, type Role } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { asRole } from '../../test-utils/admin-requests.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { makeSubscription, MONTHLY } from '../../test-utils/subscription-builders.ts';

const PAYER = 'did:bazaar:usr_payer';
const OTHER = 'did:bazaar:usr_other';
const subscriptionPage = paginatedSchema(listedSubscriptionSchema);

describe.each(TEST_DIALECTS)('subscription routes on %s', (dialect) => {
  let t: PaymentTestApp;
  /** The payer's older and newer subscription, and another payer's. */
  let older: string;
  let newer: string;
  let others: string;
  let payerCustomerId: string;
  let otherCustomerId: string;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
    const items = [{ priceId: DEMO.monthlyPriceId, recurrence: MONTHLY }];
    const first = await makeSubscription(t, { items, did: PAYER, startedDaysAgo: 40, status: 'canceled' });
    const second = await makeSubscription(t, { items, did: PAYER, startedDaysAgo: 1, trialDays: 7 });
    // A short trial, so ordering by period end differs from ordering by creation.
    const third = await makeSubscription(t, { items, did: OTHER, trialDays: 2 });
    [older, newer, others] = [first.subscriptionId, second.subscriptionId, third.subscriptionId];
    [payerCustomerId, otherCustomerId] = [first.customerId, third.customerId];
  });
  afterEach(async () => {
    await t.close();
  });

  async function list(query: string, headers: Record<string, string> = t.signedIn({ did: PAYER })) {
    const response = await t.app.inject({ url: `${API}/subscriptions?livemode=false${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return subscriptionPage.parse(response.json());
  }
  const ids = (page: { list: { id: string }[] }) => page.list.map((subscription) => subscription.id);
  const get = (id: string, headers: Record<string, string>) =>
    t.app.inject({ url: `${API}/subscriptions/${id}`, headers });

  it('lists a payer their own subscriptions of this mode, newest first, a page at a time', async () => {
    expect(ids(await list(''))).toEqual([newer, older]);
    const firstPage = await list('&pageSize=1');
    expect(firstPage).toMatchObject({ count: 2, list: [{ id: newer, status: 'trialing' }] });
    expect(ids(await list('&pageSize=1&page=2'))).toEqual([older]);
    expect(ids(await list('&status=canceled'))).toEqual([older]);
    expect(ids(await list('&status=trialing,active,past_due'))).toEqual([newer]);
    expect(ids(await list('&status=trialing,canceled'))).toEqual([newer, older]);
    expect(ids(await list('&status='))).toEqual([newer, older]);
    const live = await t.app.inject({ url: `${API}/subscriptions`, headers: t.signedIn({ did: PAYER }) });
    expect(live.json()).toEqual({ list: [], count: 0 });
  });

  it('refuses a status that is none', async () => {
    const response = await t.app.inject({
      url: `${API}/subscriptions?livemode=false&status=active,nonsense`,
      headers: t.signedIn({ did: PAYER }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });

  it("never lists someone else's to a payer, even when asked by customer id", async () => {
    expect(await list(`&customer_id=${otherCustomerId}`)).toEqual({ list: [], count: 0 });
    expect(ids(await list(`&customer_id=${payerCustomerId}`))).toEqual([newer, older]);
    const stranger = await list('', t.signedIn({ did: 'did:bazaar:usr_new' }));
    expect(stranger).toEqual({ list: [], count: 0 });
    expect((await t.app.inject({ url: `${API}/subscriptions?livemode=false` })).statusCode).toBe(401);
  });

  it.each<Role>(['owner', 'admin', 'developer'])(
    'lists every customer to an %s, filtered as asked',
    async (role) => {
      const headers = asRole(t, role);
      expect(ids(await list('', headers))).toEqual([others, newer, older]);
      expect(ids(await list(`&customer_id=${otherCustomerId}`, headers))).toEqual([others]);
      expect(ids(await list(`&customer_id=${payerCustomerId}&status=trialing`, headers))).toEqual([newer]);
    },
  );

  it('shows one subscription to its payer or an admin, and to nobody else', async () => {
    const own = await get(newer, t.signedIn({ did: PAYER }));
    expect(own.statusCode).toBe(200);
    expect(listedSubscriptionSchema.parse(own.json())).toMatchObject({
      id: newer,
      customer: { id: payerCustomerId, name: 'Ada Payer', email: 'ada@example.com', did: PAYER },
      status: 'trialing',
      items: [{ price_id: DEMO.monthlyPriceId, price: { product: { name: 'Bazaar Club membership' } } }],
      payment_card: { brand: 'visa', last4: '4242' },
    });
    expect((await get(newer, asRole(t, 'admin'))).statusCode).toBe(200);

    const stranger = await get(others, t.signedIn({ did: PAYER }));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('NOT_FOUND');
    expect((await get('sub_missing', t.signedIn({ did: PAYER }))).statusCode).toBe(404);
    expect((await get(newer, {})).statusCode).toBe(401);
    expect((await get('in_not_a_subscription', t.signedIn())).json().error.code).toBe('VALIDATION_FAILED');
  });

  it("finds an admin the subscriptions whose customer's name, email or DID, or whose id, holds the text", async () => {
    const headers = asRole(t, 'admin');
    await t.db
      .updateTable('customers')
      .set({ name: 'Grace Hopper' })
      .where('id', '=', otherCustomerId)
      .execute();
    expect(ids(await list('&q=USR_OTHER', headers))).toEqual([others]);
    expect(ids(await list('&q=grace', headers))).toEqual([others]);
    expect(ids(await list('&q=payer', headers))).toEqual([newer, older]);
    expect(ids(await list(`&q=${newer.slice(-8).toUpperCase()}`, headers))).toEqual([newer]);
    expect(ids(await list('&q=ada&status=canceled', headers))).toEqual([older]);
    expect(await list('&q=50%25', headers)).toEqual({ list: [], count: 0 });
    expect(ids(await list('&q=', headers))).toEqual([others, newer, older]);
    const found = await list('&q=grace', headers);
    expect(found.list[0]!.customer).toEqual({
      id: otherCustomerId,
      name: 'Grace Hopper',
      email: 'ada@example.com',
      did: OTHER,
    });
    // A payer's search reaches their own only.
    expect(await list('&q=usr_other')).toEqual({ list: [], count: 0 });
  });

  it('sorts by creation or by the end of the current period, either way, paging in that order', async () => {
    const headers = asRole(t, 'admin');
    expect(ids(await list('&sortBy=current_period_end', headers))).toEqual([older, others, newer]);
    expect(ids(await list('&sortBy=current_period_end&sortDirection=desc', headers))).toEqual([
      newer,
      others,
      older,
    ]);
    expect(ids(await list('&sortBy=created&sortDirection=asc', headers))).toEqual([older, newer, others]);
    expect(ids(await list('&sortBy=created', headers))).toEqual([others, newer, older]);
    expect(ids(await list('&sortBy=current_period_end&pageSize=2&page=2', headers))).toEqual([newer]);
    const refused = await t.app.inject({
      url: `${API}/subscriptions?livemode=false&sortBy=status`,
      headers,
    });
    expect(refused.statusCode).toBe(400);
  });

  it("exports what the search finds, newest first, with each customer's email", async () => {
    await t.db
      .updateTable('customers')
      .set({ email: 'grace@example.com' })
      .where('id', '=', otherCustomerId)
      .execute();
    const exported = await t.app.inject({
      url: `${API}/subscriptions/export.csv?livemode=false&q=example.com&sortBy=current_period_end`,
      headers: asRole(t, 'admin'),
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const records = parse(exported.body, { columns: true }) as Array<Record<string, string>>;
    expect(records.map((record) => [record.id, record.customer_email])).toEqual([
      [others, 'grace@example.com'],
      [newer, 'ada@example.com'],
      [older, 'ada@example.com'],
    ]);
    const grace = await t.app.inject({
      url: `${API}/subscriptions/export.csv?livemode=false&q=grace`,
      headers: asRole(t, 'admin'),
    });
    expect(parse(grace.body, { columns: true })).toHaveLength(1);
  });
});
