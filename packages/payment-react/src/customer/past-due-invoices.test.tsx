import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeOverdueResponse, makeUncollectibleInvoice } from '../test-utils/invoice-builders.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import { PastDueInvoices } from './past-due-invoices.tsx';

const SLOW = { timeout: 3_000 };
const OVERDUE_PATH = `/payment-kit/api/customers/${encodeURIComponent('did:pkh:eip155:1:0xabc')}/overdue/invoices`;
const first = makeUncollectibleInvoice();
const second = makeUncollectibleInvoice({
  id: 'in_due_2',
  number: 'BZR-0003',
  status: 'open',
  amount_remaining: '1999',
});

function renderPage(body: unknown, locale = 'en', referer: string | null = null) {
  return renderWithPayment(<PastDueInvoices referer={referer} />, {
    routes: [{ method: 'GET', path: OVERDUE_PATH, respond: { body } }],
    locale,
  });
}

describe('PastDueInvoices', () => {
  it.each([
    ['en', 'Past-due invoices', 'View and pay', 'Back', 'Total due'],
    ['zh', '逾期账单', '查看并支付', '返回', '应付合计'],
  ])(
    "lists the payer's past-due invoices with links to pay each (%s)",
    async (locale, title, pay, back, total) => {
      renderPage(
        makeOverdueResponse([first, second]),
        locale,
        'http://shop.test/payment-kit/checkout/pay/cs_1',
      );
      expect(await screen.findByRole('heading', { name: title }, SLOW)).toBeTruthy();
      expect(await screen.findByText('BZR-0002', {}, SLOW)).toBeTruthy();
      expect(screen.getByText('BZR-0003')).toBeTruthy();
      expect(screen.getByText(total)).toBeTruthy();
      expect(screen.getByText('$29.98')).toBeTruthy();
      const links = screen.getAllByRole('link', { name: pay });
      expect(links.map((link) => link.getAttribute('href'))).toEqual([
        'http://shop.test/payment-kit/customer/invoice/in_due',
        'http://shop.test/payment-kit/customer/invoice/in_due_2',
      ]);
      expect(screen.getByRole('link', { name: back }).getAttribute('href')).toBe(
        'http://shop.test/payment-kit/checkout/pay/cs_1',
      );
    },
  );

  it('says when nothing is past due, without a back link when none was given', async () => {
    renderPage(makeOverdueResponse([]));
    expect(await screen.findByText('You have no past-due invoices.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();
  });

  it('asks a signed-out visitor to sign in', async () => {
    renderWithPayment(<PastDueInvoices />, { routes: [], user: null });
    expect(await screen.findByText('Login to access this page', {}, SLOW)).toBeTruthy();
  });
});
