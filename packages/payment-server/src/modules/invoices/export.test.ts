import { adminInvoiceSchema, randomToken, type Role } from '@bazaar/schemas';
import { insertRows } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { adminRequest } from '../../test-utils/admin-requests.ts';
import { openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { saveTestCustomer } from '../../test-utils/payment-test-kit.ts';

/** More than two of an export's batches, so keyset paging is crossed twice. */
const COPIES = 2_345;

describe.each(TEST_DIALECTS)('GET /invoices/export.csv on %s', (dialect) => {
  let t: PaymentTestApp;
  let draftId: string;

  beforeAll(async () => {
    t = await openPaymentTestApp(dialect);
    const customer = await saveTestCustomer(t.deps, 'did:bazaar:usr_payer');
    const response = await adminRequest(t, 'POST', '/invoices', {
      customer_id: customer.id,
      currency_id: DEMO.eurCurrencyId,
      description: '=HYPERLINK("http://evil.example","Click"), "quoted", and a comma',
      lines: [{ description: 'Setup call', quantity: 3, unit_amount: '2500' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    draftId = adminInvoiceSchema.parse(response.json()).id;
    const draft = await t.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', draftId)
      .executeTakeFirstOrThrow();
    // Open copies, several to a second, so rows tie on their time and only their ids order them.
    const copies = Array.from({ length: COPIES }, (_, index) => ({
      ...draft,
      id: `in_${randomToken()}`,
      number: `${draft.number}-${index}`,
      status: 'open',
      description: `Copy ${index}`,
      created_at: draft.created_at - 1 - Math.floor(index / 7),
    }));
    for (let from = 0; from < copies.length; from += 200) {
      await insertRows(t.db, 'invoices', copies.slice(from, from + 200));
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const exportAs = (query: string, role: Role | null = 'owner') =>
    adminRequest(t, 'GET', `/invoices/export.csv?${query}`, undefined, role);
  const recordsOf = (body: string) => parse(body, { columns: true }) as Array<Record<string, string>>;

  it('sends every invoice of the mode, newest first, each once, with its count ahead for the progress bar', async () => {
    const response = await exportAs('livemode=false');
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="invoices-test.csv"');
    expect(response.headers['x-total-count']).toBe(String(COPIES + 1));

    const records = recordsOf(response.body);
    const stored = await t.db
      .selectFrom('invoices')
      .select(['id', 'created_at'])
      .where('livemode', '=', 0)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(records.map((record) => record.id)).toEqual(stored.map((row) => row.id));
    expect(new Set(records.map((record) => record.id)).size).toBe(COPIES + 1);

    const draft = records[0]!;
    expect(draft).toMatchObject({
      id: draftId,
      status: 'draft',
      currency: 'EUR',
      total: '75',
      amount_due: '75',
      amount_paid: '0',
      due_date: '',
    });
    expect(draft.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    // What a spreadsheet would run is sent as text; quotes and commas survive.
    expect(draft.description).toBe(`'=HYPERLINK("http://evil.example","Click"), "quoted", and a comma`);
  });

  it("keeps to the list's filters and mode", async () => {
    const drafts = await exportAs('livemode=false&status=draft');
    expect(drafts.headers['x-total-count']).toBe('1');
    expect(recordsOf(drafts.body).map((record) => record.id)).toEqual([draftId]);

    const live = await exportAs('livemode=true');
    expect(live.headers['content-disposition']).toBe('attachment; filename="invoices.csv"');
    expect(live.headers['x-total-count']).toBe('0');
    expect(recordsOf(live.body)).toEqual([]);
    expect(live.body.split('\n')[0]).toBe(
      'id,number,status,billing_reason,customer_id,subscription_id,description,currency,subtotal,total,amount_paid,amount_due,amount_remaining,created,due_date,period_start,period_end',
    );

    const bad = await exportAs('livemode=false&status=lost');
    expect(bad.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await exportAs('livemode=false', null)).statusCode).toBe(401);
    expect((await exportAs('livemode=false', 'member')).statusCode).toBe(403);
    expect((await exportAs('livemode=false', 'developer')).statusCode).toBe(200);
  });
});
