import {
  invoiceSchema,
  paginatedSchema,
  refundSchema,
  testCardResultSchema,
  type Refund,
} from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REFUND_RETRY_SECONDS, sendUnsentRefunds } from '../../flows/refund-payment.ts';
import type { CardNetwork } from '../../providers/card-network.ts';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { adminRequest, asRole } from '../../test-utils/admin-requests.ts';
import { confirmCard, startAndSubmit } from '../../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { recordedPayloads } from '../../test-utils/payment-test-kit.ts';

const PAYER = 'did:bazaar:usr_payer';
/** The demo one-time link's price: $19.99. */
const PAID = 1999n;

describe.each(TEST_DIALECTS)('refunds on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  /** A succeeded card payment of the demo one-time link; answers its intent and invoice. */
  async function paidByCard(card: string = TEST_CARDS.succeeds) {
    const { intentId, secret } = await startAndSubmit(t, PAYER);
    const paid = testCardResultSchema.parse((await confirmCard(t, intentId, secret, card)).json());
    expect(paid.paymentIntent.status).toBe('succeeded');
    return { intentId, invoiceId: paid.paymentIntent.invoice_id! };
  }

  async function refund(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/refunds`,
      headers: { ...asRole(t, 'owner'), ...headers },
      payload: body,
    });
    return { response, refund: response.statusCode === 200 ? refundSchema.parse(response.json()) : null };
  }

  async function payerInvoice(invoiceId: string) {
    const response = await t.app.inject({
      url: `${API}/invoices/${invoiceId}`,
      headers: t.signedIn({ did: PAYER }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return invoiceSchema.parse(response.json());
  }

  it('gives back a whole card payment, announces it, and the payer sees it on the invoice', async () => {
    const { intentId, invoiceId } = await paidByCard();
    const { response, refund: made } = await refund({
      payment_intent_id: intentId,
      reason: 'requested_by_customer',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(made).toMatchObject({
      object: 'refund',
      type: 'refund',
      status: 'succeeded',
      reason: 'requested_by_customer',
      amount: PAID.toString(),
      payment_intent_id: intentId,
      invoice_id: invoiceId,
      payment_details: null,
      attempt_count: 1,
      livemode: false,
    });
    expect((await recordedPayloads(t.db)).filter((event) => event.type.startsWith('refund.'))).toEqual([
      expect.objectContaining({
        type: 'refund.created',
        data: expect.objectContaining({ status: 'pending' }),
      }),
      expect.objectContaining({
        type: 'refund.succeeded',
        data: expect.objectContaining({ status: 'succeeded' }),
      }),
    ]);
    const invoice = await payerInvoice(invoiceId);
    expect(invoice.refunds).toEqual([made]);
    expect(invoice.status).toBe('paid');
  });

  it('refunds in parts up to what was paid, by intent or by invoice, and never beyond', async () => {
    const { intentId, invoiceId } = await paidByCard();
    expect((await refund({ payment_intent_id: intentId, amount: '500' })).refund?.status).toBe('succeeded');
    t.clock.advance(1);
    expect((await refund({ invoice_id: invoiceId, amount: '1000' })).refund?.status).toBe('succeeded');
    t.clock.advance(1);

    const tooMuch = await refund({ payment_intent_id: intentId, amount: '500' });
    expect(tooMuch.response.statusCode).toBe(400);
    expect(tooMuch.response.json().error.code).toBe('REFUND_EXCEEDS_PAYMENT');

    // No amount: whatever is left.
    expect((await refund({ payment_intent_id: intentId })).refund?.amount).toBe('499');
    const nothingLeft = await refund({ invoice_id: invoiceId });
    expect(nothingLeft.response.json().error.code).toBe('REFUND_EXCEEDS_PAYMENT');
    expect((await payerInvoice(invoiceId)).refunds.map((made) => made.amount)).toEqual([
      '500',
      '1000',
      '499',
    ]);
  });

  it('refuses what cannot be refunded with a stable code, and writes nothing', async () => {
    const unpaid = await startAndSubmit(t, PAYER);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ payment_intent_id: unpaid.intentId }, 409, 'PAYMENT_NOT_REFUNDABLE'],
      [{ payment_intent_id: 'pi_missing' }, 404, 'NOT_FOUND'],
      [{ invoice_id: 'in_missing' }, 404, 'NOT_FOUND'],
      [{}, 400, 'VALIDATION_FAILED'],
      [{ payment_intent_id: unpaid.intentId, invoice_id: 'in_x' }, 400, 'VALIDATION_FAILED'],
      [{ payment_intent_id: unpaid.intentId, amount: '0' }, 400, 'VALIDATION_FAILED'],
      [{ payment_intent_id: unpaid.intentId, amount: '-5' }, 400, 'VALIDATION_FAILED'],
      [{ payment_intent_id: unpaid.intentId, amount: 5 }, 400, 'VALIDATION_FAILED'],
      [{ payment_intent_id: unpaid.intentId, reason: 'because' }, 400, 'VALIDATION_FAILED'],
      [{ payment_intent_id: unpaid.intentId, status: 'succeeded' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const { response } = await refund(body);
      expect([response.statusCode, response.json().error.code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await t.db.selectFrom('refunds').select('id').execute()).toEqual([]);
  });

  // Payers list their own refunds too: see list.test.ts.
  it('lets admins only create and read refunds', async () => {
    const { intentId } = await paidByCard();
    const made = (await refund({ payment_intent_id: intentId, amount: '100' })).refund!;
    for (const [method, path, payload] of [
      ['POST', '/refunds', { payment_intent_id: intentId, amount: '100' }],
      ['GET', `/refunds/${made.id}`, undefined],
    ] as const) {
      expect((await adminRequest(t, method, path, payload, null)).statusCode, path).toBe(401);
      expect((await adminRequest(t, method, path, payload, 'member')).statusCode, path).toBe(403);
      expect((await adminRequest(t, method, path, payload, 'developer')).statusCode, path).toBe(200);
    }
    expect((await adminRequest(t, 'GET', '/refunds/re_missing')).statusCode).toBe(404);
  });

  it('lists refunds newest first, by payment, customer, invoice, status and mode', async () => {
    const first = await paidByCard();
    const second = await paidByCard(TEST_CARDS.refundFails);
    await refund({ payment_intent_id: first.intentId, amount: '100' });
    t.clock.advance(1);
    await refund({ payment_intent_id: second.intentId, amount: '200' });
    const list = async (query: string) => {
      const response = await adminRequest(t, 'GET', `/refunds?livemode=false${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return paginatedSchema(refundSchema).parse(response.json());
    };
    const all = await list('');
    expect(all.count).toBe(2);
    expect(all.list.map((made) => made.amount)).toEqual(['200', '100']);
    expect((await list(`&payment_intent_id=${first.intentId}`)).list.map((made) => made.amount)).toEqual([
      '100',
    ]);
    expect((await list(`&invoice_id=${second.invoiceId}`)).list.map((made) => made.amount)).toEqual(['200']);
    expect((await list('&status=failed')).list.map((made) => made.amount)).toEqual(['200']);
    expect((await list(`&customer_id=${all.list[0]!.customer_id}`)).count).toBe(2);
    expect((await list('&customer_id=cus_nobody')).count).toBe(0);
    const live = await adminRequest(t, 'GET', '/refunds?livemode=true');
    expect(live.json().count).toBe(0);
  });

  it('a refund the card issuer refuses fails, is announced, and leaves the amount refundable', async () => {
    const { intentId, invoiceId } = await paidByCard(TEST_CARDS.refundFails);
    const failed = (await refund({ payment_intent_id: intentId })).refund!;
    expect(failed).toMatchObject({ status: 'failed', failure_message: expect.any(String) });
    expect((await recordedPayloads(t.db, 'refund.failed')).map((event) => event.data.id)).toEqual([
      failed.id,
    ]);
    // The failed refund holds nothing: the whole amount may be asked for again.
    const again = await refund({ payment_intent_id: intentId });
    expect(again.refund).toMatchObject({ status: 'failed', amount: PAID.toString() });
    expect((await payerInvoice(invoiceId)).refunds.map((made) => made.status)).toEqual(['failed', 'failed']);
  });

  it('answers the same refund for the same Idempotency-Key, and refuses the key for another body', async () => {
    const { intentId } = await paidByCard();
    const key = { 'idempotency-key': 'refund-once' };
    const first = await refund({ payment_intent_id: intentId, amount: '300' }, key);
    const second = await refund({ payment_intent_id: intentId, amount: '300' }, key);
    expect(second.refund).toEqual(first.refund);
    const other = await refund({ payment_intent_id: intentId, amount: '301' }, key);
    expect(other.response.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await t.db.selectFrom('refunds').select('amount').execute()).toEqual([{ amount: '300' }]);
  });

  it('many concurrent partial refunds never give back more than was paid', async () => {
    const { intentId } = await paidByCard();
    // 20 refunds of $3.00 against $19.99: six fit.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refund({ payment_intent_id: intentId, amount: '300' })),
    );
    const statuses = answers.map((answer) => answer.response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(6);
    expect(statuses.filter((status) => status === 400)).toHaveLength(14);
    const rows = await t.db.selectFrom('refunds').select(['amount', 'status']).execute();
    expect(rows.reduce((sum, row) => sum + BigInt(row.amount), 0n)).toBe(1800n);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['succeeded']));
  });

  it('a refund whose provider did not answer is sent again by the refund sender, once', async () => {
    const { intentId } = await paidByCard();
    const network = t.deps.cards;
    let calls = 0;
    const unreachable: CardNetwork = {
      ...network,
      async refund(input) {
        calls += 1;
        if (calls === 1) throw new Error('connect ECONNREFUSED');
        return network.refund(input);
      },
    };
    Object.assign(t.deps, { cards: unreachable });
    const pending = (await refund({ payment_intent_id: intentId, amount: '700' })).refund!;
    expect(pending).toMatchObject({ status: 'pending', attempt_count: 1 });

    expect(await sendUnsentRefunds(t.deps)).toBe(0);
    t.clock.advance(REFUND_RETRY_SECONDS);
    expect(await sendUnsentRefunds(t.deps)).toBe(1);
    const sent = await adminRequest(t, 'GET', `/refunds/${pending.id}`);
    expect(sent.json()).toMatchObject({ status: 'succeeded', attempt_count: 2 });
    t.clock.advance(REFUND_RETRY_SECONDS);
    expect(await sendUnsentRefunds(t.deps)).toBe(0);
    const issued = await t.db.selectFrom('test_card_refunds').select('idempotency_key').execute();
    expect(issued).toEqual([{ idempotency_key: pending.id }]);
  });

  it('a stake is given back as a stake_return refund', async () => {
    const { intentId } = await paidByCard();
    const { refund: made } = await refund({ payment_intent_id: intentId, type: 'stake_return' });
    expect(made).toMatchObject<Partial<Refund>>({ type: 'stake_return', status: 'succeeded' });
  });
});
