import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Invoice } from '@bazaar/schemas';
import { USD } from '../test-utils/checkout-builders.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import { InvoiceDetail } from './invoice-detail.tsx';

const SLOW = { timeout: 3_000 };
const invoice: Invoice = {
  id: 'in_1',
  object: 'invoice',
  number: 'BZR-0001',
  status: 'paid',
  billing_reason: 'manual',
  customer_id: 'cus_1',
  subscription_id: null,
  checkout_session_id: 'cs_1',
  payment_intent_id: 'pi_1',
  currency_id: USD.id,
  currency: USD,
  description: '',
  lines: [
    {
      description: 'Bazaar Pro license',
      price_id: 'price_1',
      quantity: 2,
      unit_amount: '1999',
      amount: '3998',
      period_start: null,
      period_end: null,
      proration: false,
    },
  ],
  subtotal: '3998',
  total: '3998',
  amount_applied: '0',
  amount_due: '3998',
  amount_paid: '3998',
  amount_remaining: '0',
  period_start: null,
  period_end: null,
  due_date: null,
  attempt_count: 0,
  next_payment_attempt: null,
  payment_method_id: 'pm_1',
  livemode: false,
  created_at: 1_700_000_000,
  paid_at: 1_700_000_000,
};
const route = (status: number, body: unknown) => [
  { method: 'GET', path: '/payment-kit/api/invoices/in_1', respond: { status, body } },
];

describe('InvoiceDetail', () => {
  it.each([
    ['en', 'Invoice BZR-0001', 'Paid', 'Total'],
    ['zh', '账单 BZR-0001', '已支付', '合计'],
  ])('shows number, status, lines and total (%s)', async (locale, title, status, total) => {
    renderWithPayment(<InvoiceDetail id="in_1" />, { routes: route(200, invoice), locale });
    expect(await screen.findByText(title, {}, SLOW)).toBeTruthy();
    expect(screen.getByText(status)).toBeTruthy();
    expect(screen.getByText('Bazaar Pro license')).toBeTruthy();
    expect(screen.getByText(total)).toBeTruthy();
    expect(screen.getAllByText('$39.98')).toHaveLength(3);
    expect(screen.getByText(/2023-11-1\d \d\d:\d\d:\d\d/)).toBeTruthy();
  });

  it('asks a signed-out visitor to sign in', async () => {
    renderWithPayment(<InvoiceDetail id="in_1" />, {
      routes: route(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
    });
    expect(await screen.findByText('Login to access this page', {}, SLOW)).toBeTruthy();
  });
});
