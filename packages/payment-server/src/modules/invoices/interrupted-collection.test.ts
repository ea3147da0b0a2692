import { adminInvoiceSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { COLLECTION_LEASE_SECONDS } from '../../flows/collect-invoice.ts';
import { renewDueSubscriptions } from '../../flows/renew-subscriptions.ts';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { adminRequest } from '../../test-utils/admin-requests.ts';
import { leaseToEngine } from '../../test-utils/past-due-invoice.ts';
import { openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { recordedPayloads } from '../../test-utils/payment-test-kit.ts';
import { makeSubscription, MONTHLY } from '../../test-utils/subscription-builders.ts';
import { findInvoiceRow } from './repository.ts';

const ACTIONS = ['void', 'mark-uncollectible'] as const;

describe.each(TEST_DIALECTS)('an admin move after the engine died mid-collection on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  /**
   * A renewal whose collection crashed: the engine leased it and charged the saved card under the
   * next attempt's key, then died before recording the outcome, and its lease has run out since.
   */
  async function crashedRenewal(cardNumber: string): Promise<string> {
    const { subscriptionId, cardId } = await makeSubscription(t, {
      items: [{ priceId: DEMO.monthlyPriceId, recurrence: MONTHLY }],
      startedDaysAgo: 40,
      cardNumber,
    });
    await renewDueSubscriptions(t.deps, { now: t.clock.now(), testClockId: null });
    const { id } = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    const now = t.clock.now();
    const invoice = (await leaseToEngine(t.db, { invoiceId: id, now }))!;
    await t.deps.cards.chargeSavedCard({
      cardId: cardId!,
      paymentIntentId: invoice.payment_intent_id!,
      paymentMethodId: invoice.payment_method_id!,
      customerId: invoice.customer_id,
      amount: BigInt(invoice.amount_remaining),
      currencyId: invoice.currency_id,
      idempotencyKey: `${id}:attempt:${invoice.attempt_count + 1}`,
      now,
    });
    t.clock.advance(COLLECTION_LEASE_SECONDS);
    return id;
  }

  function chargesOf(invoiceId: string) {
    return t.db
      .selectFrom('test_card_charges')
      .select(['idempotency_key', 'status'])
      .where('idempotency_key', 'like', `${invoiceId}:%`)
      .execute();
  }

  const publishedOf = (type: string) => t.published.filter(({ event }) => event.type === type);

  it.each(ACTIONS)('refuses to %s an invoice the crashed attempt paid, recording it paid', async (action) => {
    const invoiceId = await crashedRenewal(TEST_CARDS.succeeds);

    const response = await adminRequest(t, 'POST', `/invoices/${invoiceId}/${action}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'INVOICE_UNEXPECTED_STATE',
      message: 'This invoice was paid by its last collection attempt',
    });
    expect(await findInvoiceRow(t.db, invoiceId)).toMatchObject({
      status: 'paid',
      amount_remaining: '0',
      attempt_count: 1,
      collection_lease_until: null,
      collection_lease_holder: null,
    });
    expect(await chargesOf(invoiceId)).toEqual([
      { idempotency_key: `${invoiceId}:attempt:1`, status: 'succeeded' },
    ]);
    expect(publishedOf('invoice.paid').map(({ event }) => event.data.id)).toEqual([invoiceId]);
    expect(publishedOf('invoice.voided')).toEqual([]);
    expect(publishedOf('invoice.marked_uncollectible')).toEqual([]);
  });

  it.each(ACTIONS)('%s goes ahead once the crashed attempt is recorded as declined', async (action) => {
    const invoiceId = await crashedRenewal(TEST_CARDS.declinesAfterAttaching);

    const response = await adminRequest(t, 'POST', `/invoices/${invoiceId}/${action}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(adminInvoiceSchema.parse(response.json())).toMatchObject({
      status: action === 'void' ? 'void' : 'uncollectible',
      amount_paid: '0',
      next_payment_attempt: null,
    });
    expect(await findInvoiceRow(t.db, invoiceId)).toMatchObject({
      attempt_count: 1,
      collection_lease_until: null,
      collection_lease_holder: null,
    });
    expect(await chargesOf(invoiceId)).toEqual([
      { idempotency_key: `${invoiceId}:attempt:1`, status: 'failed' },
    ]);
    expect((await recordedPayloads(t.db, 'invoice.payment_failed')).map((event) => event.data)).toEqual([
      expect.objectContaining({ id: invoiceId, attempt_count: 1, code: 'card_declined' }),
    ]);
    expect(publishedOf('invoice.paid')).toEqual([]);
  });
});
