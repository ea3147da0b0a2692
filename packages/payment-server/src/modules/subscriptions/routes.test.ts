import { paginatedSchema, subscriptionSchema, type Role } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { asRole } from '../../test-utils/admin-requests.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { makeSubscription, MONTHLY } from '../../test-utils/subscription-builders.ts';

const PAYER = 'did:bazaar:usr_payer';
const OTHER = 'did:bazaar:usr_other';
const subscriptionPage = paginatedSchema(subscriptionSchema);

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
    const third = await makeSubscription(t, { items, did: OTHER });
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
    expect(subscriptionSchema.parse(own.json())).toMatchObject({
      id: newer,
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
});
