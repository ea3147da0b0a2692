import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeCollectOverdueResponse, TST } from '../test-utils/chain-builders.ts';
import { createFakeWallet } from '../test-utils/fake-wallet.ts';
import {
  makeChainOverdueInvoice,
  makeOverdueResponse,
  makeUncollectibleInvoice,
} from '../test-utils/invoice-builders.ts';
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

  it('pays a chain currency at once through the wallet, as the overdue dialog does', async () => {
    const user = userEvent.setup();
    const chain = makeChainOverdueInvoice();
    const wallet = createFakeWallet();
    const { calls } = renderWithPayment(<PastDueInvoices />, {
      routes: [
        {
          method: 'GET',
          path: OVERDUE_PATH,
          respond: [{ body: makeOverdueResponse([first, chain]) }, { body: makeOverdueResponse([first]) }],
        },
        {
          method: 'POST',
          path: '/payment-kit/api/invoices/collect-batch',
          respond: { body: makeCollectOverdueResponse([chain], 'none') },
        },
      ],
      wallet: wallet.wallet,
    });
    // The totals per currency come first, then each invoice.
    const totalOf = (amount: string) => screen.getAllByText(amount)[0]!.closest<HTMLElement>('[aria-busy]')!;
    await screen.findAllByText('19.99 TST', {}, SLOW);
    const chainTotal = totalOf('19.99 TST');
    const cardTotal = totalOf('$9.99');
    // Card invoices are paid one by one from the list; the chain invoice's page only shows it.
    expect(within(cardTotal).queryByRole('button')).toBeNull();
    expect(
      screen
        .getAllByRole('link', { name: /View/ })
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['View and pay', 'http://shop.test/payment-kit/customer/invoice/in_due'],
      ['View details', 'http://shop.test/payment-kit/customer/invoice/in_chain'],
    ]);

    await user.click(within(chainTotal).getByRole('button', { name: 'Pay' }));
    expect(await within(chainTotal).findByText('Paid', {}, SLOW)).toBeTruthy();
    expect(
      calls.filter((call) => call.url.pathname.endsWith('/collect-batch')).map((call) => call.body),
    ).toEqual([{ currency_id: TST.id, customer_id: 'did:pkh:eip155:1:0xabc' }]);
    expect(screen.queryByText('BZR-0005')).toBeNull();
    expect(wallet.calls.send).toEqual([]);
  });
});
