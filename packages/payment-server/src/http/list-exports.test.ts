import { refundSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed.ts';
import { TEST_CARDS } from '../providers/test-card-network.ts';
import { adminRequest } from '../test-utils/admin-requests.ts';
import { confirmCard, startAndSubmit } from '../test-utils/checkout-steps.ts';
import { openPaymentTestApp, type PaymentTestApp } from '../test-utils/payment-test-app.ts';
import { makeSubscription, MONTHLY } from '../test-utils/subscription-builders.ts';

/** Each admin list with an export: the export holds what the list's pages hold, in their order. */
const EXPORTS = [
  { list: '/subscriptions', query: '', file: 'subscriptions' },
  { list: '/subscriptions', query: '&status=canceled', file: 'subscriptions' },
  { list: '/payment-intents', query: '', file: 'payments' },
  { list: '/payment-intents', query: '&status=succeeded', file: 'payments' },
  { list: '/refunds', query: '', file: 'refunds' },
  { list: '/invoices', query: '&status=paid', file: 'invoices' },
] as const;

describe.each(TEST_DIALECTS)('list exports on %s', (dialect) => {
  let t: PaymentTestApp;

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
    for (const [index, status] of (['active', 'canceled', 'past_due'] as const).entries()) {
      t.clock.advance(60);
      await makeSubscription(t, {
        items: [{ priceId: DEMO.monthlyPriceId, recurrence: MONTHLY, quantity: index + 1 }],
        did: `did:bazaar:usr_subscriber${index}`,
        status,
      });
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it.each(EXPORTS)('exports $list$query as its pages list it', async ({ list, query, file }) => {
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
});
