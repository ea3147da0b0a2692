import {
  adminInvoiceSchema,
  invoiceSchema,
  overdueInvoicesResponseSchema,
  paginatedSchema,
  payInvoiceResponseSchema,
  type Role,
} from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { COLLECTION_LEASE_SECONDS } from '../../flows/collect-invoice.ts';
import { INVOICE_BEING_COLLECTED, PAYER_LEASE_SECONDS } from '../../flows/pay-invoice.ts';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { adminRequest } from '../../test-utils/admin-requests.ts';
import { confirmCard, startAndSubmit } from '../../test-utils/checkout-steps.ts';
import { insertPastDueSubscription, leaseToEngine } from '../../test-utils/past-due-invoice.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { countRows, recordedPayloads, saveTestCustomer } from '../../test-utils/payment-test-kit.ts';
import { findPaymentIntentRow } from '../payment-intents/repository.ts';
import { getSubscription } from '../subscriptions/service.ts';

const PAYER = 'did:bazaar:usr_payer';
const DAY = 86_400;
const invoicePage = paginatedSchema(invoiceSchema);

describe.each(TEST_DIALECTS)('the admin invoice lifecycle on %s', (dialect) => {
  let t: PaymentTestApp;
  let customerId: string;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
    customerId = (await saveTestCustomer(t.deps, PAYER)).id;
  });
  afterEach(async () => {
    await t.close();
  });

  /** Two licenses priced in EUR by the price's currency option, and three setup calls of 25.00. */
  const draftBody = (overrides: Record<string, unknown> = {}) => ({
    customer_id: customerId,
    currency_id: DEMO.eurCurrencyId,
    description: 'Licenses and onboarding',
    lines: [
      { price_id: DEMO.licensePriceId, quantity: 2 },
      { description: 'Setup call', quantity: 3, unit_amount: '2500' },
    ],
    ...overrides,
  });

  async function createDraft(overrides: Record<string, unknown> = {}) {
    const response = await adminRequest(t, 'POST', '/invoices', draftBody(overrides));
    expect(response.statusCode, response.body).toBe(200);
    return adminInvoiceSchema.parse(response.json());
  }

  async function move(id: string, action: 'finalize' | 'void' | 'mark-uncollectible', role: Role = 'admin') {
    return adminRequest(t, 'POST', `/invoices/${id}/${action}`, undefined, role);
  }

  async function moved(id: string, action: 'finalize' | 'void' | 'mark-uncollectible') {
    const response = await move(id, action);
    expect(response.statusCode, response.body).toBe(200);
    return adminInvoiceSchema.parse(response.json());
  }

  const asPayer = () => t.signedIn({ did: PAYER });
  const publishedOf = (type: string) =>
    t.published.filter(({ event }) => event.type === type).map(({ event }) => event.data);
  const subscriptionUpdates = async () =>
    (await recordedPayloads(t.db, 'customer.subscription.updated')).map((event) => event.data);

  /** Everything a refused request must leave as it was. */
  async function snapshot() {
    const all = (table: 'invoices' | 'invoice_lines' | 'payment_intents' | 'subscriptions') =>
      t.db.selectFrom(table).selectAll().orderBy('id').execute();
    return {
      counts: await countRows(t.db),
      invoices: await all('invoices'),
      lines: await all('invoice_lines'),
      intents: await all('payment_intents'),
      subscriptions: await all('subscriptions'),
      balance: await t.db.selectFrom('customer_balance_transactions').selectAll().execute(),
    };
  }

  async function expectRefused(
    request: Promise<{ statusCode: number; json(): { error: { code: string; message: string } } }>,
    status: number,
    code: string,
  ) {
    const before = await snapshot();
    const response = await request;
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
    expect(await snapshot()).toEqual(before);
    return response.json().error.message;
  }

  it('writes a manual draft priced in its currency, with totals from its lines and 30 days to pay', async () => {
    const draft = await createDraft();
    expect(draft).toMatchObject({
      status: 'draft',
      billing_reason: 'manual',
      customer_id: customerId,
      subscription_id: null,
      currency_id: DEMO.eurCurrencyId,
      description: 'Licenses and onboarding',
      subtotal: '11098',
      total: '11098',
      amount_due: '11098',
      amount_paid: '0',
      amount_remaining: '11098',
      due_date: null,
      next_payment_attempt: null,
      days_until_due: 30,
      finalized_at: null,
      paid_at: null,
      created_at: t.clock.now(),
    });
    expect(draft.number).toMatch(/-0001$/);
    expect(draft.lines).toEqual([
      expect.objectContaining({
        description: 'Bazaar Pro license',
        price_id: DEMO.licensePriceId,
        quantity: 2,
        unit_amount: '1799',
        amount: '3598',
      }),
      expect.objectContaining({ description: 'Setup call', price_id: null, quantity: 3, amount: '7500' }),
    ]);
    expect(publishedOf('invoice.created')).toEqual([
      { id: draft.id, customer_id: customerId, subscription_id: null },
    ]);
  });

  it('refuses lines it cannot price, and an unknown customer or currency, writing nothing', async () => {
    const create = (overrides: Record<string, unknown>) =>
      adminRequest(t, 'POST', '/invoices', draftBody(overrides));
    const line = (priceId: string) => ({ lines: [{ price_id: priceId, quantity: 1 }] });
    // The poster has no EUR amount; the donation is pay-what-you-want; the last is no price at all.
    for (const priceId of [DEMO.posterPriceId, DEMO.donationPriceId, 'price_missing']) {
      await expectRefused(create(line(priceId)), 400, 'VALIDATION_FAILED');
    }
    await expectRefused(
      create({ lines: [{ price_id: DEMO.licensePriceId, quantity: 1, unit_amount: '1' }] }),
      400,
      'VALIDATION_FAILED',
    );
    await expectRefused(create({ lines: [] }), 400, 'VALIDATION_FAILED');
    await expectRefused(create({ currency_id: 'pc_missing' }), 400, 'VALIDATION_FAILED');
    await expectRefused(create({ customer_id: 'cus_missing' }), 404, 'NOT_FOUND');
  });

  it('lets only owners, admins and developers write and move invoices', async () => {
    const draft = await createDraft();
    for (const role of [null, 'member'] as const) {
      const status = role ? 403 : 401;
      const code = role ? 'FORBIDDEN' : 'UNAUTHENTICATED';
      await expectRefused(adminRequest(t, 'POST', '/invoices', draftBody(), role), status, code);
      await expectRefused(
        adminRequest(t, 'PUT', `/invoices/${draft.id}`, { description: 'x' }, role),
        status,
        code,
      );
      for (const action of ['finalize', 'void', 'mark-uncollectible'] as const) {
        await expectRefused(
          adminRequest(t, 'POST', `/invoices/${draft.id}/${action}`, undefined, role),
          status,
          code,
        );
      }
    }
    for (const role of ['owner', 'developer'] as const) {
      expect((await adminRequest(t, 'POST', '/invoices', draftBody(), role)).statusCode).toBe(200);
    }
  });

  it('keeps a draft from the payer: not listed, not found, not payable, never overdue', async () => {
    const draft = await createDraft({ days_until_due: 0 });
    t.clock.advance(60 * DAY);

    const list = await t.app.inject({ url: `${API}/invoices?livemode=false`, headers: asPayer() });
    expect(invoicePage.parse(list.json())).toEqual({ list: [], count: 0 });
    const asked = await t.app.inject({
      url: `${API}/invoices?livemode=false&status=draft`,
      headers: asPayer(),
    });
    expect(invoicePage.parse(asked.json()).count).toBe(0);
    const page = await t.app.inject({ url: `${API}/invoices/${draft.id}`, headers: asPayer() });
    expect(page.statusCode).toBe(404);
    await expectRefused(
      t.app.inject({ method: 'POST', url: `${API}/invoices/${draft.id}/pay`, headers: asPayer() }),
      404,
      'NOT_FOUND',
    );
    const overdue = await t.app.inject({
      url: `${API}/customers/${customerId}/overdue/invoices?livemode=false`,
      headers: asPayer(),
    });
    expect(overdueInvoicesResponseSchema.parse(overdue.json()).invoices).toEqual([]);
    expect((await startAndSubmit(t, PAYER)).response.statusCode).toBe(200);

    const admin = await adminRequest(
      t,
      'GET',
      `/invoices?livemode=false&customer_id=${customerId}&status=draft`,
    );
    expect(invoicePage.parse(admin.json()).list.map((invoice) => invoice.id)).toEqual([draft.id]);
  });

  it('edits a draft: lines replaced with new totals, terms and description; a sent invoice is refused', async () => {
    const draft = await createDraft();
    const response = await adminRequest(t, 'PUT', `/invoices/${draft.id}`, {
      lines: [{ description: 'Audit', quantity: 1, unit_amount: '50000' }],
      days_until_due: 7,
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited = adminInvoiceSchema.parse(response.json());
    expect(edited).toMatchObject({
      id: draft.id,
      number: draft.number,
      status: 'draft',
      description: 'Licenses and onboarding',
      total: '50000',
      amount_due: '50000',
      amount_remaining: '50000',
      days_until_due: 7,
    });
    expect(edited.lines).toEqual([expect.objectContaining({ description: 'Audit', amount: '50000' })]);
    const renamed = await adminRequest(t, 'PUT', `/invoices/${draft.id}`, { description: 'Audit, May' });
    expect(adminInvoiceSchema.parse(renamed.json())).toMatchObject({
      description: 'Audit, May',
      total: '50000',
    });

    await moved(draft.id, 'finalize');
    const message = await expectRefused(
      adminRequest(t, 'PUT', `/invoices/${draft.id}`, { description: 'changed after sending' }),
      409,
      'INVOICE_UNEXPECTED_STATE',
    );
    expect(message).toBe('Only a draft can be edited; this invoice is open');
  });

  it('finalizes a draft, due days_until_due later, and the payer pays it by 4242 on the invoice page', async () => {
    const draft = await createDraft({ days_until_due: 14 });
    const read = await adminRequest(t, 'GET', `/invoices/${draft.id}`);
    expect(adminInvoiceSchema.parse(read.json())).toEqual(draft);
    t.clock.advance(3 * DAY);
    const open = await moved(draft.id, 'finalize');
    expect(open).toMatchObject({
      status: 'open',
      created_at: draft.created_at,
      finalized_at: t.clock.now(),
      due_date: t.clock.now() + 14 * DAY,
      next_payment_attempt: null,
      amount_remaining: '11098',
    });
    expect(publishedOf('invoice.finalized')).toEqual([
      { id: draft.id, customer_id: customerId, subscription_id: null },
    ]);
    expect(await expectRefused(move(draft.id, 'finalize'), 409, 'INVOICE_UNEXPECTED_STATE')).toBe(
      'This invoice is open and cannot be finalized',
    );

    const seen = await t.app.inject({ url: `${API}/invoices/${draft.id}`, headers: asPayer() });
    expect(invoiceSchema.parse(seen.json()).status).toBe('open');
    // The terms are the merchant's: the payer reads the due date they led to.
    expect(seen.json()).not.toHaveProperty('days_until_due');
    expect(seen.json()).not.toHaveProperty('finalized_at');
    const started = await t.app.inject({
      method: 'POST',
      url: `${API}/invoices/${draft.id}/pay`,
      headers: asPayer(),
    });
    expect(started.statusCode, started.body).toBe(200);
    const { paymentIntent, stripeContext } = payInvoiceResponseSchema.parse(started.json());
    expect(paymentIntent).toMatchObject({ amount: '11098', currency_id: DEMO.eurCurrencyId });
    const confirmed = await confirmCard(
      t,
      paymentIntent.id,
      stripeContext.client_secret,
      TEST_CARDS.succeeds,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    t.clock.advance(DAY);
    const paid = await adminRequest(t, 'GET', `/invoices/${draft.id}`);
    expect(adminInvoiceSchema.parse(paid.json())).toMatchObject({
      status: 'paid',
      finalized_at: open.finalized_at,
      amount_paid: '11098',
      amount_remaining: '0',
      payment_intent_id: paymentIntent.id,
    });
    expect(publishedOf('invoice.paid')).toEqual([
      { id: draft.id, customer_id: customerId, subscription_id: null },
    ]);
    expect(await expectRefused(move(draft.id, 'void'), 409, 'INVOICE_UNEXPECTED_STATE')).toBe(
      'This invoice is paid and cannot be voided',
    );
  });

  it('finalizes a draft that owes nothing as paid at once', async () => {
    const draft = await createDraft({
      lines: [{ description: 'Courtesy visit', quantity: 1, unit_amount: '0' }],
    });
    expect(await moved(draft.id, 'finalize')).toMatchObject({ status: 'paid', amount_remaining: '0' });
    const ref = { id: draft.id, customer_id: customerId, subscription_id: null };
    expect(publishedOf('invoice.finalized')).toEqual([ref]);
    expect(publishedOf('invoice.paid')).toEqual([ref]);
  });

  it('voids a draft, and an open invoice once the payer’s lease ran out, canceling its intent', async () => {
    const draft = await createDraft();
    expect(await moved(draft.id, 'void')).toMatchObject({
      status: 'void',
      amount_remaining: '0',
      finalized_at: null,
    });
    expect(await expectRefused(move(draft.id, 'void'), 409, 'INVOICE_UNEXPECTED_STATE')).toBe(
      'This invoice is void and cannot be voided',
    );

    const sent = await createDraft();
    await moved(sent.id, 'finalize');
    const started = await t.app.inject({
      method: 'POST',
      url: `${API}/invoices/${sent.id}/pay`,
      headers: asPayer(),
    });
    const { paymentIntent } = payInvoiceResponseSchema.parse(started.json());
    expect(await expectRefused(move(sent.id, 'void'), 409, 'INVOICE_UNEXPECTED_STATE')).toMatch(
      /customer is paying/,
    );

    t.clock.advance(PAYER_LEASE_SECONDS);
    expect(await moved(sent.id, 'void')).toMatchObject({
      status: 'void',
      amount_paid: '0',
      amount_remaining: '0',
      due_date: t.clock.now() - PAYER_LEASE_SECONDS + 30 * DAY,
    });
    const row = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', sent.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ collection_lease_until: null, collection_lease_holder: null });
    expect((await findPaymentIntentRow(t.db, paymentIntent.id))?.status).toBe('canceled');
    expect(publishedOf('invoice.voided').map((data) => data.id)).toEqual([draft.id, sent.id]);
    const confirmed = await confirmCard(
      t,
      paymentIntent.id,
      started.json().stripeContext.client_secret,
      TEST_CARDS.succeeds,
    );
    expect(confirmed.statusCode).toBe(409);
  });

  it('voids an uncollectible renewal: the past_due subscription is active again and the customer may buy', async () => {
    const past = await insertPastDueSubscription(t.deps, PAYER);
    expect((await startAndSubmit(t, PAYER)).response.json().error.code).toBe('CUSTOMER_LIMITED');
    await leaseToEngine(t.db, { invoiceId: past.invoiceId, now: t.clock.now(), statuses: ['uncollectible'] });
    expect(await expectRefused(move(past.invoiceId, 'void'), 409, 'INVOICE_UNEXPECTED_STATE')).toBe(
      INVOICE_BEING_COLLECTED,
    );

    t.clock.advance(COLLECTION_LEASE_SECONDS);
    expect(await moved(past.invoiceId, 'void')).toMatchObject({ status: 'void', amount_remaining: '0' });
    expect((await getSubscription(t.db, past.subscriptionId)).status).toBe('active');
    expect(await subscriptionUpdates()).toEqual([
      { id: past.subscriptionId, customer_id: past.customerId, status: 'active' },
    ]);
    expect(publishedOf('invoice.voided')).toEqual([
      { id: past.invoiceId, customer_id: past.customerId, subscription_id: past.subscriptionId },
    ]);
    expect((await startAndSubmit(t, PAYER)).response.statusCode).toBe(200);
  });

  it('marks an open renewal uncollectible: no more retries, the subscription past_due, the customer limited', async () => {
    const renewal = await insertPastDueSubscription(t.deps, PAYER, 'retrying');
    expect((await startAndSubmit(t, PAYER)).response.statusCode).toBe(200);
    const draft = await createDraft();
    expect(await expectRefused(move(draft.id, 'mark-uncollectible'), 409, 'INVOICE_UNEXPECTED_STATE')).toBe(
      'This invoice is draft and cannot be marked uncollectible',
    );
    await leaseToEngine(t.db, { invoiceId: renewal.invoiceId, now: t.clock.now() });
    expect(
      await expectRefused(move(renewal.invoiceId, 'mark-uncollectible'), 409, 'INVOICE_UNEXPECTED_STATE'),
    ).toBe(INVOICE_BEING_COLLECTED);

    t.clock.advance(COLLECTION_LEASE_SECONDS);
    const uncollectible = await moved(renewal.invoiceId, 'mark-uncollectible');
    expect(uncollectible).toMatchObject({
      status: 'uncollectible',
      next_payment_attempt: null,
      amount_remaining: '999',
    });
    // The engine wrote it open: it was sent as it was written.
    expect(uncollectible.finalized_at).toBe(uncollectible.created_at);
    expect((await getSubscription(t.db, renewal.subscriptionId)).status).toBe('past_due');
    expect(publishedOf('invoice.marked_uncollectible')).toEqual([
      { id: renewal.invoiceId, customer_id: renewal.customerId, subscription_id: renewal.subscriptionId },
    ]);
    expect(await subscriptionUpdates()).toEqual([
      { id: renewal.subscriptionId, customer_id: renewal.customerId, status: 'past_due' },
    ]);
    const limited = (await startAndSubmit(t, PAYER)).response;
    expect(limited.statusCode).toBe(403);
    expect(limited.json().error.code).toBe('CUSTOMER_LIMITED');
    await expectRefused(move(renewal.invoiceId, 'mark-uncollectible'), 409, 'INVOICE_UNEXPECTED_STATE');
  });
});
