import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminPayment } from '@bazaar/schemas';
import { createAdminApiStub, USERS, type SentRequest } from '../test-utils/admin-api-stub.ts';
import { ABT } from '../test-utils/customer-builders.ts';
import { makeAdminPayment, makePaymentRefund } from '../test-utils/payment-builders.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 10_000 };
const api = createAdminApiStub();
const PAYMENT = '/payment-kit/api/payment-intents/pi_1';
const REFUNDS = '/payment-kit/api/refunds';
const TX = `0x${'ab'.repeat(32)}`;
const REFUND_TX = `0x${'cd'.repeat(32)}`;

/** The value beside a label in the payment's facts. */
function fact(label: string): HTMLElement {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
}

function openPage(payment: AdminPayment, locale: 'en' | 'zh' = 'en') {
  api.on('GET', PAYMENT, { body: payment });
  renderAdmin('/admin/payments/pi_1', { locale });
}

beforeAll(() => api.install());
beforeEach(() => api.reset(USERS.admin));

describe('PaymentPage', () => {
  it('shows a card payment with its customer and invoice linked, and what Stripe calls it', async () => {
    openPage(
      makeAdminPayment({
        provider: {
          name: 'stripe',
          payment_intent_id: 'pi_3Stripe',
          dashboard_url: 'https://dashboard.stripe.com/test/payments/pi_3Stripe',
        },
      }),
    );
    expect(await screen.findByRole('heading', { name: '$19.99 Paid', level: 1 }, SLOW)).toBeTruthy();
    expect(fact('Left to refund').textContent).toBe('$19.99');
    expect(fact('Payment method').textContent).toBe('Card · Visa •••• 4242');
    expect(within(fact('Customer')).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
      '/admin/customers/cus_1',
    );
    expect(within(fact('Invoice')).getByRole('link', { name: 'BZR-0001' }).getAttribute('href')).toBe(
      '/admin/invoices/in_1',
    );
    expect(
      within(fact('Stripe payment')).getByRole('link', { name: 'pi_3Stripe' }).getAttribute('href'),
    ).toBe('https://dashboard.stripe.com/test/payments/pi_3Stripe');
    expect(screen.getByText('Nothing refunded yet')).toBeTruthy();
    expect(screen.queryByText('Chain ID')).toBeNull();
  });

  it('shows a chain payment’s transaction on the chain’s explorer, and its refunds with theirs', async () => {
    openPage(
      makeAdminPayment({
        currency: ABT,
        currency_id: ABT.id,
        amount: '2500000000000000000',
        amount_received: '2500000000000000000',
        payment_method: { id: 'pm_base', type: 'base', name: 'Base' },
        payment_details: {
          tx_hash: TX,
          payer: '0x1111111111111111111111111111111111111111',
          chain_id: 8453,
          explorer_host: 'https://basescan.org',
        },
        chain: {
          chain_id: 8453,
          explorer_host: 'https://basescan.org/',
          tx_hash: TX,
          payer: '0x1111111111111111111111111111111111111111',
        },
        amount_refunded: '500000000000000000',
        amount_refundable: '2000000000000000000',
        refunds: [
          makePaymentRefund({
            amount: '500000000000000000',
            currency_id: ABT.id,
            reason: 'duplicate',
            description: 'Paid twice',
            payment_details: {
              tx_hash: REFUND_TX,
              gas_price: '1',
              gas_used: '21000',
              payment_intent_id: 'pi_1',
            },
          }),
        ],
      }),
    );
    expect(await screen.findByRole('heading', { name: '2.5 ABT Paid', level: 1 }, SLOW)).toBeTruthy();
    expect(fact('Chain ID').textContent).toBe('8453');
    expect(within(fact('Transaction')).getByRole('link').getAttribute('href')).toBe(
      `https://basescan.org/tx/${TX}`,
    );
    expect(fact('Payer wallet').textContent).toBe('0x1111111111111111111111111111111111111111');
    expect(fact('Refunded').textContent).toBe('0.5 ABT');
    expect(fact('Left to refund').textContent).toBe('2 ABT');

    const refunds = screen.getByRole('region', { name: 'Refunds' });
    expect(within(refunds).getByText('Duplicate · Paid twice')).toBeTruthy();
    expect(within(refunds).getByText('0.5 ABT')).toBeTruthy();
    expect(within(refunds).getByText('Refunded')).toBeTruthy();
    expect(within(refunds).getByRole('link').getAttribute('href')).toBe(
      `https://basescan.org/tx/${REFUND_TX}`,
    );
  });

  it('refunds all that is left with the reason chosen; the page then shows the refund and nothing left', async () => {
    const refunded = makeAdminPayment({
      amount_refunded: '1999',
      amount_refundable: '0',
      refunds: [makePaymentRefund({ amount: '1999', reason: 'fraudulent' })],
    });
    api.on('POST', REFUNDS, (request) => {
      api.on('GET', PAYMENT, { body: refunded });
      return {
        body: {
          ...refunded.refunds[0],
          payment_intent_id: (request.body as { payment_intent_id: string }).payment_intent_id,
        },
      };
    });
    const user = userEvent.setup();
    openPage(makeAdminPayment());
    await user.click(await screen.findByRole('button', { name: 'Refund' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this payment' });
    expect(within(dialog).getByRole('radio', { name: 'All that is left ($19.99)' })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(dialog).getByText('The amount goes back to the card the payment came from.')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByRole('option', { name: 'Fraudulent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', REFUNDS).map((request: SentRequest) => request.body)).toEqual([
      { payment_intent_id: 'pi_1', amount: '1999', reason: 'fraudulent' },
    ]);
    const refunds = screen.getByRole('region', { name: 'Refunds' });
    expect(await within(refunds).findByText('Fraudulent')).toBeTruthy();
    expect(fact('Left to refund').textContent).toBe('$0.00');
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('refunds part of an 18-decimal payment exactly, with the note typed', async () => {
    api.on('POST', REFUNDS, { body: makePaymentRefund() });
    const user = userEvent.setup();
    openPage(
      makeAdminPayment({
        currency: ABT,
        currency_id: ABT.id,
        amount: '123456789012345678901234567890',
        amount_received: '123456789012345678901234567890',
        amount_refundable: '123456789012345678901234567890',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Refund' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Part of it' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Amount to refund' }),
      '12345678901.000000000000000001',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), '  Goodwill  ');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(api.sent('POST', REFUNDS)).toHaveLength(1));
    expect(api.sent('POST', REFUNDS)[0]!.body).toEqual({
      payment_intent_id: 'pi_1',
      amount: '12345678901000000000000000001',
      reason: 'requested_by_customer',
      description: 'Goodwill',
    });
  });

  it.each([
    ['0', 'Enter an amount above zero'],
    ['20', 'At most $19.99 is left to refund'],
    ['1.005', 'At most 2 decimals'],
    ['ten', 'Enter an amount like 5 or 2.50'],
  ])('refuses a partial amount of %s before asking the server', async (typed, problem) => {
    const user = userEvent.setup();
    openPage(makeAdminPayment());
    await user.click(await screen.findByRole('button', { name: 'Refund' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Part of it' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount to refund' }), typed);
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(problem)).toBeTruthy();
    expect(api.sent('POST', REFUNDS)).toEqual([]);
  });

  it('says why the server refused a refund, and keeps the dialog open', async () => {
    api.on('POST', REFUNDS, {
      status: 400,
      body: {
        error: { code: 'REFUND_EXCEEDS_PAYMENT', message: 'The refund of 1999 is more than the 0 left' },
      },
    });
    const user = userEvent.setup();
    openPage(makeAdminPayment());
    await user.click(await screen.findByRole('button', { name: 'Refund' }, SLOW));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText('Not refunded: The refund is for more than is left of the payment.'),
    ).toBeTruthy();
  });

  it('offers no refund for a payment that did not succeed, and says why it failed', async () => {
    openPage(
      makeAdminPayment({
        status: 'requires_payment_method',
        amount_received: '0',
        amount_refundable: '0',
        invoice: null,
        last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
      }),
    );
    expect(await screen.findByRole('heading', { name: '$19.99 Failed', level: 1 }, SLOW)).toBeTruthy();
    expect(fact('Last error').textContent).toBe('Your card was declined.');
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(screen.queryByText('Left to refund')).toBeNull();
  });

  it('says there is no such payment when the server answers 404', async () => {
    renderAdmin('/admin/payments/pi_missing');
    expect(await screen.findByText('There is no such payment in this mode.', undefined, SLOW)).toBeTruthy();
  });

  it('is in Chinese for a Chinese reader', async () => {
    const user = userEvent.setup();
    openPage(makeAdminPayment(), 'zh');
    expect(await screen.findByText('可退款', undefined, SLOW)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '退款' }));
    const dialog = await screen.findByRole('dialog', { name: '为这笔付款退款' });
    expect(within(dialog).getByRole('radio', { name: '全部剩余金额（$19.99）' })).toBeTruthy();
  });
});
