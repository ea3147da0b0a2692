import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeRelay } from '@bazaar/payment-react/testing';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { ABT, makeCustomerDetails, MIDDAY } from '../test-utils/customer-builders.ts';
import { makeAdminInvoice } from '../test-utils/invoice-builders.ts';
import { makeListedPayment } from '../test-utils/payment-builders.ts';
import { atPhoneWidth } from '../test-utils/phone-width.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 10_000 };
const api = createAdminApiStub();
const INVOICE = '/payment-kit/api/invoices/in_1';
const PAYMENTS = '/payment-kit/api/payment-intents';
const DAY = 86_400;
/** Far beyond 2^53 in the smallest unit: a JS number would lose its last digits. */
const LARGE_ABT = '123456789012345678901234567890';
const ONE_ABT = '1000000000000000000';

const DRAFT = makeAdminInvoice({
  status: 'draft',
  number: 'BZR-0007',
  checkout_session_id: null,
  payment_intent_id: null,
  payment_details: null,
  description: 'Onboarding, May',
  lines: [
    {
      description: 'Setup call',
      price_id: null,
      quantity: 3,
      unit_amount: '2500',
      amount: '7500',
      period_start: null,
      period_end: null,
      proration: false,
    },
  ],
  subtotal: '7500',
  total: '7500',
  amount_due: '7500',
  amount_paid: '0',
  amount_remaining: '7500',
  paid_at: null,
  days_until_due: 14,
  finalized_at: null,
});
/** Finalized an hour after it was written. */
const OPEN = {
  ...DRAFT,
  status: 'open' as const,
  finalized_at: MIDDAY + 3600,
  due_date: MIDDAY + 3600 + 14 * DAY,
};
const VOIDED = { ...OPEN, status: 'void' as const };

/** The value a fact of the invoice's details list shows. */
const valueOf = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

function amountIn(row: string) {
  return within(screen.getByRole('row', { name: new RegExp(`^${row}`) }))
    .getAllByRole('cell')
    .at(-1)!.textContent;
}

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', '/payment-kit/api/customers/cus_1', { body: makeCustomerDetails() });
  api.on('GET', PAYMENTS, { body: { list: [], count: 0 } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('InvoicePage', () => {
  it('shows every figure exactly, whom it bills, how it was paid, and the PDF', async () => {
    api.on('GET', INVOICE, {
      body: makeAdminInvoice({
        currency_id: ABT.id,
        currency: ABT,
        subscription_id: 'sub_1',
        billing_reason: 'subscription_cycle',
        checkout_session_id: null,
        description: 'Validator node, February',
        period_start: MIDDAY,
        period_end: MIDDAY + 31 * DAY,
        lines: [
          {
            description: 'Validator node',
            price_id: 'price_node',
            quantity: 3,
            unit_amount: '41152263004115226300411522630',
            amount: LARGE_ABT,
            period_start: MIDDAY,
            period_end: MIDDAY + 31 * DAY,
            proration: false,
          },
        ],
        subtotal: LARGE_ABT,
        total: LARGE_ABT,
        amount_applied: ONE_ABT,
        amount_due: '123456789011345678901234567890',
        amount_paid: '123456789011345678901234567890',
        amount_remaining: '0',
        payment_details: { brand: 'visa', last4: '4242' },
      }),
    });
    const inAbt = { currency: ABT, currency_id: ABT.id };
    api.on('GET', PAYMENTS, {
      body: {
        list: [
          makeListedPayment({ ...inAbt, id: 'pi_1', amount: '123456789011345678901234567890' }),
          makeListedPayment({
            ...inAbt,
            id: 'pi_0',
            amount: '5000000000000000000',
            status: 'requires_payment_method',
            last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
          }),
        ],
        count: 2,
      },
    });
    renderAdmin('/admin/invoices/in_1');
    const heading = await screen.findByRole('heading', { level: 1 }, SLOW);
    expect(heading.textContent).toBe('BZR-0001Paid');

    expect(screen.getByRole('cell', { name: 'Validator node' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '41,152,263,004.115226 ABT' })).toBeTruthy();
    expect(amountIn('Subtotal')).toBe('123,456,789,012.345678 ABT');
    expect(amountIn('Total')).toBe('123,456,789,012.345678 ABT');
    expect(amountIn('Credit applied')).toBe('-1 ABT');
    expect(amountIn('Amount due')).toBe('123,456,789,011.345678 ABT');
    expect(amountIn('Amount paid')).toBe('123,456,789,011.345678 ABT');
    expect(amountIn('Amount remaining')).toBe('0 ABT');

    expect((await screen.findByRole('link', { name: 'Ada Lovelace' })).getAttribute('href')).toBe(
      '/admin/customers/cus_1',
    );
    expect(screen.getByRole('link', { name: 'sub_1' }).getAttribute('href')).toBe(
      '/admin/subscriptions/sub_1',
    );
    expect(screen.getByText('Subscription renewal')).toBeTruthy();
    // The engine's description only names its lines: it is no merchant's memo.
    expect(valueOf('Description')).toBe('Validator node, February');
    expect(screen.queryByText('Memo', { selector: 'dt' })).toBeNull();
    expect(screen.getByText('2027-01-15 – 2027-02-15')).toBeTruthy();
    const payments = await screen.findByRole('region', { name: 'Payments' });
    expect(Object.fromEntries(api.sent('GET', PAYMENTS).at(-1)!.query)).toMatchObject({ invoice_id: 'in_1' });
    const declined = within(payments).getByRole('link', { name: '5 ABT' });
    expect(declined.getAttribute('href')).toBe('/admin/payments/pi_0');
    const paid = within(payments).getByRole('link', { name: '123,456,789,011.345678 ABT' });
    expect(paid.getAttribute('href')).toBe('/admin/payments/pi_1');
    expect(screen.getByText('Paid with Visa •••• 4242')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'See this invoice’s events' }).getAttribute('href')).toBe(
      '/admin/events?q=in_1',
    );
    expect(screen.getByRole('link', { name: 'Open the customer’s invoice page' }).getAttribute('href')).toBe(
      'http://localhost/payment-kit/customer/invoice/in_1',
    );
    const pdf = new URL(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')!);
    expect(pdf.pathname).toBe('/payment-kit/api/invoices/in_1/pdf');
    expect(pdf.searchParams.get('locale')).toBe('en');
    // A paid invoice is final.
    for (const name of ['Edit draft', 'Finalize', 'Void', 'Mark uncollectible']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('finalizes a draft once confirmed, and then offers what an open invoice allows', async () => {
    let current = DRAFT;
    api.on('GET', INVOICE, () => ({ body: current }));
    api.on('POST', `${INVOICE}/finalize`, () => {
      current = OPEN;
      return { body: OPEN };
    });
    const user = userEvent.setup();
    renderAdmin('/admin/invoices/in_1');
    expect(await screen.findByText('Due 14 days after finalizing', undefined, SLOW)).toBeTruthy();
    expect(valueOf('Memo')).toBe('Onboarding, May');
    expect(valueOf('Billing reason')).toBe('Manual invoice');
    expect(api.sent('GET', PAYMENTS)).toEqual([]);
    // Its customer cannot open a draft yet.
    expect(screen.queryByRole('link', { name: 'Open the customer’s invoice page' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit draft' }).getAttribute('href')).toBe(
      '/admin/invoices/in_1/edit',
    );

    await user.click(screen.getByRole('button', { name: 'Finalize' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finalize' });
    expect(within(dialog).getByText(/^Finalize BZR-0007\? It is sent to the customer/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Finalize' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', `${INVOICE}/finalize`)).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('BZR-0007Open');
    expect(screen.getByRole('button', { name: 'Mark uncollectible' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Void' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit draft' })).toBeNull();
    expect(screen.queryByText('Due 14 days after finalizing')).toBeNull();
    expect(valueOf('Created')).toBe('2027-01-15 12:00');
    expect(valueOf('Finalized')).toBe('2027-01-15 13:00');
    expect(valueOf('Due')).toBe('2027-01-29 13:00');
  });

  it('says why a move was refused, keeps the invoice as it was, and voids it when asked again', async () => {
    let current: typeof OPEN | typeof VOIDED = OPEN;
    api.on('GET', INVOICE, () => ({ body: current }));
    api.on('POST', `${INVOICE}/mark-uncollectible`, {
      status: 409,
      body: {
        error: {
          code: 'INVOICE_UNEXPECTED_STATE',
          message: 'This invoice was paid by its last collection attempt',
        },
      },
    });
    api.on('POST', `${INVOICE}/void`, () => {
      current = VOIDED;
      return { body: VOIDED };
    });
    const user = userEvent.setup();
    renderAdmin('/admin/invoices/in_1');

    await user.click(await screen.findByRole('button', { name: 'Mark uncollectible' }, SLOW));
    let dialog = await screen.findByRole('dialog', { name: 'Mark uncollectible' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark uncollectible' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The invoice’s state does not allow this now: This invoice was paid by its last collection attempt',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('BZR-0007Open');

    await user.click(screen.getByRole('button', { name: 'Void' }));
    dialog = await screen.findByRole('dialog', { name: 'Void' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('BZR-0007Void'));
    expect(api.sent('POST', `${INVOICE}/void`)).toHaveLength(1);
    // A void invoice is final.
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark uncollectible' })).toBeNull();
  });

  it('reads the invoice and its payments again when the relay tells that its customer paid it', async () => {
    const relay = installFakeRelay();
    api.on('GET', INVOICE, { body: OPEN });
    renderAdmin('/admin/invoices/in_1', { withRelay: true });
    expect(await screen.findByText('No payments', undefined, SLOW)).toBeTruthy();

    const paid = {
      ...OPEN,
      status: 'paid' as const,
      amount_paid: '7500',
      amount_remaining: '0',
      paid_at: MIDDAY + DAY,
    };
    api.on('GET', INVOICE, { body: paid });
    api.on('GET', PAYMENTS, { body: { list: [makeListedPayment({ amount: '7500' })], count: 1 } });
    relay.deliver({
      type: 'invoice.paid',
      data: { id: 'in_1', customer_id: 'cus_1', subscription_id: null },
    });
    await waitFor(
      () => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('BZR-0007Paid'),
      SLOW,
    );
    expect(await screen.findByRole('link', { name: '$75.00' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
  });

  it('confirms a move over the whole screen at phone width', async () => {
    atPhoneWidth();
    api.on('GET', INVOICE, { body: DRAFT });
    const user = userEvent.setup();
    renderAdmin('/admin/invoices/in_1');
    await user.click(await screen.findByRole('button', { name: 'Finalize' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Finalize' });
    expect(dialog.className).toMatch(/MuiDialog-paperFullScreen/);
  });

  it('speaks Chinese', async () => {
    api.on('GET', INVOICE, { body: DRAFT });
    renderAdmin('/admin/invoices/in_1', { locale: 'zh' });
    expect(await screen.findByRole('button', { name: '定稿' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: '编辑草稿' })).toBeTruthy();
    expect(screen.getByText('定稿后 14 天到期')).toBeTruthy();
    expect(screen.getByText('草稿')).toBeTruthy();
  });

  it('says there is no such invoice when the server answers 404', async () => {
    renderAdmin('/admin/invoices/in_missing');
    expect(await screen.findByText('There is no such invoice in this mode.', undefined, SLOW)).toBeTruthy();
  });
});
