import { overdueInvoicesResponseSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { asRole } from '../../test-utils/admin-requests.ts';
import { insertPastDueInvoice, insertPastDueSubscription } from '../../test-utils/past-due-invoice.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { attachTestClockCustomer, createTestClock } from '../test-clocks/service.ts';

const PAYER = 'did:bazaar:usr_payer';

describe.each(TEST_DIALECTS)('overdue invoices on %s', (dialect) => {
  let t: PaymentTestApp;
  let past: Awaited<ReturnType<typeof insertPastDueSubscription>>;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
    past = await insertPastDueSubscription(t.deps, PAYER);
  });
  afterEach(async () => {
    await t.close();
  });

  function overdue(path: string, headers: Record<string, string> = t.signedIn({ did: PAYER })) {
    return t.app.inject({ url: `${API}${path}/overdue/invoices?livemode=false`, headers });
  }

  async function overdueBody(path: string) {
    const response = await overdue(path);
    expect(response.statusCode, response.body).toBe(200);
    return overdueInvoicesResponseSchema.parse(response.json());
  }

  it("sums a customer's overdue invoices per currency, with the method that collects each", async () => {
    const customerId = past.customerId;
    const openLate = await insertPastDueInvoice(t.db, { customerId, amount: '500' });
    const euro = await insertPastDueInvoice(t.db, {
      customerId,
      currencyId: DEMO.eurCurrencyId,
      amount: '899',
      status: 'uncollectible',
    });
    await insertPastDueInvoice(t.db, { customerId, dueDate: t.clock.now() + 3_600 });
    await insertPastDueInvoice(t.db, { customerId, status: 'paid' });

    const body = await overdueBody(`/customers/${customerId}`);
    expect(body.invoices.map((invoice) => invoice.id).sort()).toEqual(
      [past.invoiceId, openLate, euro].sort(),
    );
    expect(body.summary).toEqual({
      [DEMO.usdCurrencyId]: {
        amount: '1499',
        currency: expect.objectContaining({ id: DEMO.usdCurrencyId, symbol: 'USD' }),
        method: { id: DEMO.cardMethodId, type: 'stripe', name: expect.any(String) },
      },
      [DEMO.eurCurrencyId]: {
        amount: '899',
        currency: expect.objectContaining({ id: DEMO.eurCurrencyId }),
        method: expect.objectContaining({ id: DEMO.cardMethodId, type: 'stripe' }),
      },
    });
    expect(body.subscription).toBeNull();
    expect(body.subscriptionCount).toBe(1);

    // The signed-in payer may name themselves by their DID.
    expect(await overdueBody(`/customers/${encodeURIComponent(PAYER)}`)).toEqual(body);
  });

  it("lists one subscription's overdue invoices with the subscription", async () => {
    await insertPastDueInvoice(t.db, { customerId: past.customerId, amount: '500' });
    const second = await insertPastDueInvoice(t.db, {
      customerId: past.customerId,
      subscriptionId: past.subscriptionId,
    });

    const body = await overdueBody(`/subscriptions/${past.subscriptionId}`);
    expect(body.invoices.map((invoice) => invoice.id).sort()).toEqual([past.invoiceId, second].sort());
    expect(body.summary[DEMO.usdCurrencyId]?.amount).toBe('1998');
    expect(body.subscription).toMatchObject({ id: past.subscriptionId, status: 'past_due' });
    expect(body.subscriptionCount).toBe(1);
  });

  it("judges an open invoice by the customer's own time, a test clock's when they live in one", async () => {
    const dueInThreeDays = await insertPastDueInvoice(t.db, {
      customerId: past.customerId,
      dueDate: t.clock.now() + 3 * 86_400,
    });
    const ids = async () => (await overdueBody(`/customers/${past.customerId}`)).invoices.map(({ id }) => id);
    expect(await ids()).toEqual([past.invoiceId]);

    const clock = await createTestClock(t.deps, { name: 'Later', frozen_time: t.clock.now() + 5 * 86_400 });
    await attachTestClockCustomer(t.deps, { testClockId: clock.id, customerId: past.customerId });
    expect((await ids()).sort()).toEqual([past.invoiceId, dueInThreeDays].sort());
    const subscription = await overdueBody(`/subscriptions/${past.subscriptionId}`);
    expect(subscription.invoices.map(({ id }) => id)).toEqual([past.invoiceId]);
  });

  it('answers nothing overdue with empty lists', async () => {
    await t.db.updateTable('invoices').set({ status: 'paid' }).execute();
    expect(await overdueBody(`/customers/${past.customerId}`)).toEqual({
      subscription: null,
      summary: {},
      invoices: [],
      subscriptionCount: 0,
    });
    // A signed-in user who never bought anything owes nothing.
    const newcomer = 'did:bazaar:usr_newcomer';
    const response = await overdue(`/customers/${newcomer}`, t.signedIn({ did: newcomer }));
    expect(response.statusCode).toBe(200);
    expect(response.json().invoices).toEqual([]);
  });

  it("hides another customer's overdue invoices from members, not from an admin", async () => {
    const stranger = t.signedIn({ did: 'did:bazaar:usr_other' });
    for (const path of [
      `/customers/${past.customerId}`,
      `/customers/${encodeURIComponent(PAYER)}`,
      `/subscriptions/${past.subscriptionId}`,
    ]) {
      const hidden = await overdue(path, stranger);
      expect(hidden.statusCode, path).toBe(404);
      expect(hidden.json().error.code).toBe('NOT_FOUND');
      expect((await overdue(path, {})).statusCode, path).toBe(401);
      const admin = await overdue(path, asRole(t, 'admin'));
      expect(admin.statusCode, path).toBe(200);
      expect(admin.json().invoices).toHaveLength(1);
    }
    expect((await overdue('/subscriptions/sub_missing')).statusCode).toBe(404);
  });

  it('asks for a subscription or a customer when the id is missing', async () => {
    for (const path of ['/customers/', '/subscriptions/', '/customers/%20']) {
      const response = await overdue(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error).toEqual({
        code: 'OVERDUE_TARGET_REQUIRED',
        message: 'Either subscriptionId or customerId must be provided',
      });
    }
  });
});
