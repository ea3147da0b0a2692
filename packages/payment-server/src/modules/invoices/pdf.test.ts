import { PDFParse } from 'pdf-parse';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { adminRequest } from '../../test-utils/admin-requests.ts';
import { confirmCard, startAndSubmit } from '../../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { saveTestCustomer } from '../../test-utils/payment-test-kit.ts';
import { getInvoice } from './service.ts';

const PAYER = 'did:bazaar:usr_pdf_payer';

async function textOf(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe.each(TEST_DIALECTS)('invoice PDFs on %s', (dialect) => {
  let t: PaymentTestApp;
  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  /** The payer buys the demo license (19.99 USD) by card, named `name`; answers the invoice's id and number. */
  async function paidInvoice(name: string) {
    const submitted = await startAndSubmit(t, PAYER, { body: { customer_name: name } });
    expect(submitted.response.statusCode, submitted.response.body).toBe(200);
    const paid = await confirmCard(t, submitted.intentId, submitted.secret, TEST_CARDS.succeeds);
    expect(paid.statusCode, paid.body).toBe(200);
    const invoice = await t.db
      .selectFrom('invoices')
      .select(['id', 'number'])
      .where('payment_intent_id', '=', submitted.intentId)
      .executeTakeFirstOrThrow();
    return invoice;
  }

  const download = (id: string, locale: string, did: string | null = PAYER) =>
    t.app.inject({
      url: `${API}/invoices/${id}/pdf?locale=${locale}`,
      headers: did ? t.signedIn({ did }) : {},
    });

  it('gives the payer their invoice as a PDF in English: seller, buyer, number, lines, totals, payment', async () => {
    const invoice = await paidInvoice('Ada Lovelace');
    const response = await download(invoice.id, 'en');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${invoice.number}.pdf"`,
    );
    const text = await textOf(response.rawPayload);
    for (const expected of [
      'Invoice',
      'Bazaar',
      invoice.number,
      'Ada Lovelace',
      'ada@example.com',
      'Bazaar Pro license',
      '$19.99',
      'Amount paid',
      'Visa ending in 4242',
      'All amounts in USD.',
      'Test mode',
    ]) {
      expect(text).toContain(expected);
    }
    // The font is embedded as a subset of the glyphs used, not its ten megabytes.
    expect(response.rawPayload.length).toBeLessThan(120_000);
  });

  it('writes Chinese in Chinese, with the glyphs embedded, a Chinese name included', async () => {
    const invoice = await paidInvoice('张三');
    const text = await textOf((await download(invoice.id, 'zh')).rawPayload);
    for (const expected of ['账单', '账单编号', '付款方', '张三', '合计', '已付金额', '$19.99']) {
      expect(text).toContain(expected);
    }
  });

  it("prints the memo a merchant wrote on their invoice, and a checkout's description not", async () => {
    const customerId = (await saveTestCustomer(t.deps, PAYER)).id;
    const draft = await adminRequest(t, 'POST', '/invoices', {
      customer_id: customerId,
      currency_id: DEMO.eurCurrencyId,
      description: 'Thank you for choosing the May onboarding.',
      lines: [{ description: 'Setup call', quantity: 1, unit_amount: '2500' }],
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const { id } = draft.json<{ id: string }>();
    expect((await adminRequest(t, 'POST', `/invoices/${id}/finalize`)).statusCode).toBe(200);
    const manual = await textOf((await download(id, 'en')).rawPayload);
    expect(manual).toContain('Thank you for choosing the May onboarding.');
    expect(manual).toContain('Setup call');

    const bought = await paidInvoice('Ada Lovelace');
    const description = (await getInvoice(t.db, bought.id)).description;
    expect(description).toBe('Bazaar Pro license');
    const purchase = await textOf((await download(bought.id, 'en')).rawPayload);
    expect(purchase.split(description)).toHaveLength(2);
  });

  it('answers 404 to another customer and 401 to a guest, as for the invoice itself', async () => {
    const invoice = await paidInvoice('Ada Lovelace');
    expect((await download(invoice.id, 'en', 'did:bazaar:usr_someone_else')).statusCode).toBe(404);
    expect((await download(invoice.id, 'en', null)).statusCode).toBe(401);
    expect((await download('in_guessed', 'en')).statusCode).toBe(404);
  });
});
