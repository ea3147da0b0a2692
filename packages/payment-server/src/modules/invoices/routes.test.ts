import { invoiceSchema, testCardResultSchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmCard, startAndSubmit } from '../../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';

describe.each(TEST_DIALECTS)('invoice routes on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  async function paidInvoiceId(payer: string): Promise<string> {
    const { intentId, secret } = await startAndSubmit(t, payer);
    const paid = testCardResultSchema.parse(
      (await confirmCard(t, intentId, secret, '4242424242424242')).json(),
    );
    if (!paid.paymentIntent.invoice_id) throw new Error('the paid intent has no invoice');
    return paid.paymentIntent.invoice_id;
  }

  it('shows the payer their paid invoice with its lines and total', async () => {
    const id = await paidInvoiceId('did:bazaar:usr_payer');
    const response = await t.app.inject({
      url: `${API}/invoices/${id}`,
      headers: t.signedIn({ did: 'did:bazaar:usr_payer' }),
    });
    expect(response.statusCode).toBe(200);
    const invoice = invoiceSchema.parse(response.json());
    expect(invoice).toMatchObject({
      status: 'paid',
      total: '1999',
      amount_paid: '1999',
      amount_remaining: '0',
    });
    expect(invoice.lines).toEqual([
      expect.objectContaining({ quantity: 1, unit_amount: '1999', amount: '1999' }),
    ]);
    expect(invoice.currency.symbol).toBe('USD');
  });

  it('hides it from other members and from guests, but not from an admin', async () => {
    const id = await paidInvoiceId('did:bazaar:usr_payer');
    const stranger = await t.app.inject({
      url: `${API}/invoices/${id}`,
      headers: t.signedIn({ did: 'did:bazaar:usr_other' }),
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('NOT_FOUND');
    expect((await t.app.inject({ url: `${API}/invoices/${id}` })).statusCode).toBe(401);
    const admin = await t.app.inject({
      url: `${API}/invoices/${id}`,
      headers: t.signedIn({
        did: 'did:bazaar:usr_admin',
        role: 'admin',
        passports: [{ role: 'admin', name: 'admin' }],
      }),
    });
    expect(admin.statusCode).toBe(200);
  });

  it('answers an unknown invoice with NOT_FOUND', async () => {
    const response = await t.app.inject({ url: `${API}/invoices/in_missing`, headers: t.signedIn() });
    expect(response.statusCode).toBe(404);
  });
});
