import { listedPaymentSchema, paginatedSchema } from '@bazaar/schemas';
import { explainQueryPlans, TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentDb } from '../../db/tables.ts';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { asRole } from '../../test-utils/admin-requests.ts';
import { confirmCard, startAndSubmit } from '../../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { listAttemptedIntentRows } from './repository.ts';

const page = paginatedSchema(listedPaymentSchema);
const ADA = 'did:bazaar:usr_ada';
const BOB = 'did:bazaar:usr_bob';

describe.each(TEST_DIALECTS)('the payer’s payments on %s', (dialect) => {
  let t: PaymentTestApp;
  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  async function pay(did: string, card: string, body: Record<string, unknown> = {}) {
    t.clock.advance(60);
    const submitted = await startAndSubmit(t, did, { body });
    await confirmCard(t, submitted.intentId, submitted.secret, card);
    return submitted.intentId;
  }

  const list = async (query: string, headers: Record<string, string>) => {
    const response = await t.app.inject({ url: `${API}/payment-intents?livemode=false${query}`, headers });
    return {
      status: response.statusCode,
      page: response.statusCode === 200 ? page.parse(response.json()) : null,
    };
  };

  it('lists a payer’s own payments newest first, paid and declined, not the ones never attempted nor anyone else’s', async () => {
    const paid = await pay(ADA, TEST_CARDS.succeeds);
    const declined = await pay(ADA, TEST_CARDS.declines);
    t.clock.advance(60);
    await startAndSubmit(t, ADA); // submitted, never confirmed
    const bobs = await pay(BOB, TEST_CARDS.succeeds);

    const ada = await list('', t.signedIn({ did: ADA }));
    expect(
      ada.page?.list.map((intent) => [intent.id, intent.status, intent.last_payment_error?.code ?? null]),
    ).toEqual([
      [declined, 'requires_payment_method', expect.any(String)],
      [paid, 'succeeded', null],
    ]);
    expect(ada.page?.list[1]).toMatchObject({
      payment_details: { brand: 'visa', last4: '4242' },
      currency: { symbol: 'USD', decimal: 2 },
      payment_method: { type: 'stripe', name: 'Card' },
    });
    expect((await list('&status=succeeded', t.signedIn({ did: ADA }))).page?.list.map((i) => i.id)).toEqual([
      paid,
    ]);

    // Naming another customer answers nothing; a guest is asked to sign in; an admin sees everyone's.
    const bobCustomer = (await list('', t.signedIn({ did: BOB }))).page?.list[0]?.customer_id;
    expect((await list(`&customer_id=${bobCustomer}`, t.signedIn({ did: ADA }))).page).toEqual({
      list: [],
      count: 0,
    });
    expect((await list('', {})).status).toBe(401);
    const admin = await list('', asRole(t, 'admin'));
    expect(admin.page?.list.map((intent) => intent.id)).toEqual([bobs, declined, paid]);
    // Their own account (the customer area) shows an admin only what they paid themselves.
    expect((await list('&own=true', asRole(t, 'admin'))).page).toEqual({ list: [], count: 0 });
    expect((await list('&own=true', t.signedIn({ did: ADA }))).page?.count).toBe(2);
  });

  it('finds an admin’s payments by id, invoice, customer id or the customer’s name or email, in either order', async () => {
    const ada = { customer_name: 'Ada Lovelace', customer_email: 'ada@example.com' };
    const bob = { customer_name: 'Bob Babbage', customer_email: 'bob@engine.example' };
    const adaFirst = await pay(ADA, TEST_CARDS.succeeds, ada);
    const adaDeclined = await pay(ADA, TEST_CARDS.declines, ada);
    const bobs = await pay(BOB, TEST_CARDS.succeeds, bob);
    const admin = asRole(t, 'admin');
    const ids = async (query: string) => (await list(query, admin)).page?.list.map((intent) => intent.id);

    expect(await ids('&q=LOVELACE')).toEqual([adaDeclined, adaFirst]);
    expect(await ids('&q=engine.example')).toEqual([bobs]);
    // Each names who paid, so the list needs no request per row.
    expect((await list('&q=engine.example', admin)).page?.list[0]?.customer).toEqual({
      id: expect.stringMatching(/^cus_/),
      name: 'Bob Babbage',
      email: 'bob@engine.example',
      did: BOB,
    });
    expect(await ids(`&q=${adaFirst}`)).toEqual([adaFirst]);
    const bobsPayment = (await list(`&q=${bobs}`, admin)).page!.list[0]!;
    expect(await ids(`&q=${bobsPayment.invoice_id}`)).toEqual([bobs]);
    expect(await ids(`&q=${bobsPayment.customer_id}`)).toEqual([bobs]);
    // A search is one more filter: with the status, and counted as it finds.
    expect((await list('&q=ada@example.com&status=succeeded', admin)).page).toMatchObject({ count: 1 });
    expect(await ids('&q=nobody')).toEqual([]);
    // Blanks search for nothing: the whole list.
    expect(await ids('&q=%20%20')).toEqual([bobs, adaDeclined, adaFirst]);
    // `%` is searched as itself, not as SQL's wildcard.
    expect(await ids('&q=%25')).toEqual([]);

    expect(await ids('&sortBy=created&sortDirection=asc')).toEqual([adaFirst, adaDeclined, bobs]);
    expect(await ids('&sortBy=created&sortDirection=desc&pageSize=1&page=2')).toEqual([adaDeclined]);
    expect((await list('&sortBy=amount', admin)).status).toBe(400);

    // A payer's search looks only through their own payments.
    expect((await list('&q=engine.example', t.signedIn({ did: ADA }))).page).toEqual({ list: [], count: 0 });

    const exported = await t.app.inject({
      url: `${API}/payment-intents/export.csv?livemode=false&q=lovelace`,
      headers: admin,
    });
    expect(exported.headers['x-total-count']).toBe('2');
    expect(
      exported.body
        .split('\n')
        .slice(1, 3)
        .map((line) => line.split(',')[0]),
    ).toEqual([adaDeclined, adaFirst]);
  });

  it('keeps the payments made at one invoice, its payer’s only to them, through its index', async () => {
    const first = await pay(ADA, TEST_CARDS.succeeds);
    await pay(ADA, TEST_CARDS.declines);
    const admin = asRole(t, 'admin');
    const invoiceId = (await list('', admin)).page!.list.find((intent) => intent.id === first)!.invoice_id!;
    const ids = async (query: string, headers: Record<string, string>) =>
      (await list(query, headers)).page?.list.map((intent) => intent.id);

    expect(await ids(`&invoice_id=${invoiceId}`, admin)).toEqual([first]);
    expect(await ids(`&invoice_id=${invoiceId}`, t.signedIn({ did: ADA }))).toEqual([first]);
    expect(await ids(`&invoice_id=${invoiceId}`, t.signedIn({ did: BOB }))).toEqual([]);
    expect(await ids(`&invoice_id=${invoiceId}&status=requires_payment_method`, admin)).toEqual([]);
    expect((await list('&invoice_id=pi_not_an_invoice', admin)).status).toBe(400);
    const exported = await t.app.inject({
      url: `${API}/payment-intents/export.csv?livemode=false&invoice_id=${invoiceId}`,
      headers: admin,
    });
    expect(exported.headers['x-total-count']).toBe('1');

    const plans = await explainQueryPlans(t.database, (db) =>
      listAttemptedIntentRows(
        db as PaymentDb,
        { livemode: false, customerId: undefined, invoiceId, status: undefined },
        { page: 1, pageSize: 10, direction: 'desc' },
      ),
    );
    // PostgreSQL plans an empty table's scan by its statistics; SQLite's rules must seek the index.
    if (dialect === 'sqlite') for (const plan of plans) expect(plan).toMatch(/payment_intents_invoice_idx/);
  });
});
