import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { PAYER, TX_HASH } from '../test-utils/chain-builders.ts';
import { installFakeRelay } from '../test-utils/fake-relay.ts';
import type { StubAnswer, StubRoute } from '../test-utils/fetch-stub.ts';
import {
  makeChainOverdueInvoice,
  makeInvoice,
  makeRefund,
  makeUncollectibleInvoice,
} from '../test-utils/invoice-builders.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import { InvoiceDetail } from './invoice-detail.tsx';

const SLOW = { timeout: 3_000 };
const route = (status: number, body: unknown) => [
  { method: 'GET', path: '/payment-kit/api/invoices/in_1', respond: { status, body } },
];

describe('InvoiceDetail', () => {
  it.each([
    ['en', 'Invoice BZR-0001', 'Paid', 'Total'],
    ['zh', '账单 BZR-0001', '已支付', '合计'],
  ])('shows number, status, lines and total (%s)', async (locale, title, status, total) => {
    renderWithPayment(<InvoiceDetail id="in_1" />, { routes: route(200, makeInvoice()), locale });
    expect(await screen.findByText(title, {}, SLOW)).toBeTruthy();
    expect(screen.getByText(status)).toBeTruthy();
    expect(screen.getByText('Bazaar Pro license')).toBeTruthy();
    expect(screen.getByText(total)).toBeTruthy();
    expect(screen.getAllByText('$39.98')).toHaveLength(3);
    expect(screen.getByText(/2023-11-1\d \d\d:\d\d:\d\d/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: locale === 'en' ? 'Pay now' : '立即支付' })).toBeNull();
  });

  it.each([
    ['en', 'Paid with Visa •••• 4242'],
    ['zh', '使用 Visa •••• 4242 支付'],
  ])('names the card that paid it (%s)', async (locale, paidWith) => {
    renderWithPayment(<InvoiceDetail id="in_1" />, { routes: route(200, makeInvoice()), locale });
    expect(await screen.findByText(paidWith, {}, SLOW)).toBeTruthy();
  });

  const paidOnChain = (explorerHost: string) =>
    makeChainOverdueInvoice({
      id: 'in_1',
      status: 'paid',
      amount_paid: makeChainOverdueInvoice().amount_due,
      amount_remaining: '0',
      paid_at: 1_700_100_000,
      payment_details: { tx_hash: TX_HASH, payer: PAYER, chain_id: 1, explorer_host: explorerHost },
    });

  it.each([
    ['en', 'Paid from 0xf39F…2266', 'Transaction'],
    ['zh', '由 0xf39F…2266 支付', '交易哈希'],
  ])(
    'names the wallet and links the transaction that paid it (%s)',
    async (locale, paidFrom, transaction) => {
      renderWithPayment(<InvoiceDetail id="in_1" />, {
        routes: route(200, paidOnChain('https://etherscan.io/')),
        locale,
      });
      expect(await screen.findByText(paidFrom, {}, SLOW)).toBeTruthy();
      expect(screen.getByText(transaction)).toBeTruthy();
      const link = screen.getByRole('link', { name: '0xabab…abab' });
      expect(link.getAttribute('href')).toBe(`https://etherscan.io/tx/${TX_HASH}`);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(screen.queryByText(/••••/)).toBeNull();
    },
  );

  it.each([
    ['en', 'Download PDF'],
    ['zh', '下载 PDF'],
  ])("offers the invoice's PDF in the page's language (%s)", async (locale, label) => {
    renderWithPayment(<InvoiceDetail id="in_1" />, { routes: route(200, makeInvoice()), locale });
    const link = await screen.findByRole('link', { name: label }, SLOW);
    const href = new URL(link.getAttribute('href')!);
    expect(href.pathname).toBe('/payment-kit/api/invoices/in_1/pdf');
    expect(href.searchParams.get('locale')).toBe(locale);
    expect(link.getAttribute('download')).toBe('invoice-BZR-0001.pdf');
  });

  it('shows the transaction without a link on a chain without an explorer', async () => {
    renderWithPayment(<InvoiceDetail id="in_1" />, { routes: route(200, paidOnChain('')) });
    expect(await screen.findByText('0xabab…abab', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Paid from 0xf39F…2266')).toBeTruthy();
    // The PDF is the page's only link.
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Download PDF']);
  });

  it('asks a signed-out visitor to sign in', async () => {
    renderWithPayment(<InvoiceDetail id="in_1" />, {
      routes: route(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } }),
    });
    expect(await screen.findByText('Login to access this page', {}, SLOW)).toBeTruthy();
  });
});

describe('InvoiceDetail after a failed collection', () => {
  it.each([
    ['en', 'Failed to pay the invoice'],
    ['zh', '账单支付失败'],
  ])('says the engine could not collect it (%s)', async (locale, text) => {
    const failed = makeUncollectibleInvoice({ attempt_count: 4 });
    renderWithPayment(<InvoiceDetail id={failed.id} />, {
      routes: [{ method: 'GET', path: `/payment-kit/api/invoices/${failed.id}`, respond: { body: failed } }],
      locale,
    });
    expect(await screen.findByText(text, {}, SLOW)).toBeTruthy();
  });

  it('says nothing of the kind before any attempt', async () => {
    const fresh = makeUncollectibleInvoice({ attempt_count: 0 });
    renderWithPayment(<InvoiceDetail id={fresh.id} />, {
      routes: [{ method: 'GET', path: `/payment-kit/api/invoices/${fresh.id}`, respond: { body: fresh } }],
    });
    await screen.findByText(/BZR/, {}, SLOW);
    expect(screen.queryByText('Failed to pay the invoice')).toBeNull();
  });
});

describe('InvoiceDetail paying by card', () => {
  const due = makeUncollectibleInvoice();
  const intent = {
    id: 'pi_due',
    object: 'payment_intent',
    status: 'requires_payment_method',
    amount: '999',
    amount_received: '0',
    currency_id: due.currency_id,
    payment_method_id: 'pm_test_card',
    customer_id: 'cus_1',
    invoice_id: due.id,
    livemode: false,
    last_payment_error: null,
    payment_details: null,
    created_at: 1_700_000_000,
  };
  const started = {
    paymentIntent: intent,
    stripeContext: {
      provider: 'test',
      client_secret: 'pi_due_secret',
      intent_type: 'payment_intent',
      status: 'requires_payment_method',
      publishable_key: null,
    },
  };
  const declined = {
    status: 402,
    body: { error: { code: 'card_declined', message: 'Your card was declined.' } },
  };

  /** The invoice reads paid once a card answer succeeded, as the card network leaves it. */
  function payRoutes(answers: StubAnswer[]): StubRoute[] {
    let isPaid = false;
    let attempt = 0;
    return [
      {
        method: 'GET',
        path: '/payment-kit/api/invoices/in_due',
        respond: () => ({
          body: isPaid ? { ...due, status: 'paid', amount_paid: '999', paid_at: 1_700_100_000 } : due,
        }),
      },
      { method: 'POST', path: '/payment-kit/api/invoices/in_due/pay', respond: { body: started } },
      {
        method: 'POST',
        path: '/payment-kit/api/test-card/payment-intents/pi_due/confirm',
        respond: () => {
          const answer = answers[Math.min(attempt++, answers.length - 1)]!;
          if (answer.status === undefined) isPaid = true;
          return answer;
        },
      },
    ];
  }

  async function enterCard(user: ReturnType<typeof userEvent.setup>, number: string, confirm: string) {
    const cardNumber = await screen.findByRole('textbox', { name: /Card number|卡号/ }, SLOW);
    await user.clear(cardNumber);
    await user.type(cardNumber, number);
    const expiry = screen.getByRole('textbox', { name: /MM \/ YY|月 \/ 年/ });
    await user.clear(expiry);
    await user.type(expiry, '1234');
    const cvc = screen.getByRole('textbox', { name: /CVC|安全码/ });
    await user.clear(cvc);
    await user.type(cvc, '123');
    await user.click(screen.getByRole('button', { name: confirm }));
  }

  it.each([
    ['en', 'Pay now', 'Confirm payment', 'Thank you, this invoice is paid.', 'Paid'],
    ['zh', '立即支付', '确认支付', '谢谢，该账单已支付。', '已支付'],
  ])(
    'pays an uncollectible invoice with the checkout card step (%s)',
    async (locale, payNow, confirm, thanks, paid) => {
      const user = userEvent.setup();
      const { calls } = renderWithPayment(<InvoiceDetail id="in_due" />, {
        routes: payRoutes([
          { body: { paymentIntent: { ...intent, status: 'succeeded' }, next_action: null } },
        ]),
        locale,
      });
      expect(await screen.findByText('$9.99', { selector: 'p' }, SLOW)).toBeTruthy();
      const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
      expect(alerts).toContainEqual(expect.stringMatching(locale === 'en' ? /past due/ : /逾期/));
      await user.click(screen.getByRole('button', { name: payNow }));
      await enterCard(user, '4242424242424242', confirm);

      expect(await screen.findByText(thanks, {}, SLOW)).toBeTruthy();
      expect(screen.getByText(paid)).toBeTruthy();
      expect(screen.queryByRole('button', { name: payNow })).toBeNull();
      const pay = calls.find((call) => call.url.pathname.endsWith('/pay'))!;
      expect(pay.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
      const confirmCall = calls.find((call) => call.url.pathname.endsWith('/confirm'))!;
      expect(confirmCall.body).toMatchObject({
        client_secret: 'pi_due_secret',
        card: { number: '4242424242424242' },
      });
    },
  );

  it('keeps the invoice unpaid on a decline and takes another card', async () => {
    const user = userEvent.setup();
    renderWithPayment(<InvoiceDetail id="in_due" />, {
      routes: payRoutes([
        declined,
        { body: { paymentIntent: { ...intent, status: 'succeeded' }, next_action: null } },
      ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Pay now' }, SLOW));
    await enterCard(user, '4000000000000002', 'Confirm payment');
    expect(await screen.findByText('Your card was declined.', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Uncollectible')).toBeTruthy();

    await enterCard(user, '4242424242424242', 'Confirm payment');
    await waitFor(() => expect(screen.getByText('Thank you, this invoice is paid.')).toBeTruthy(), SLOW);
  });

  it('says why an invoice cannot be paid any more', async () => {
    const user = userEvent.setup();
    renderWithPayment(<InvoiceDetail id="in_due" />, {
      routes: [
        { method: 'GET', path: '/payment-kit/api/invoices/in_due', respond: { body: due } },
        {
          method: 'POST',
          path: '/payment-kit/api/invoices/in_due/pay',
          respond: {
            status: 409,
            body: { error: { code: 'INVOICE_UNEXPECTED_STATE', message: 'This invoice is void' } },
          },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Pay now' }, SLOW));
    expect(
      await screen.findByText('This invoice cannot be paid now. Please reload the page.', {}, SLOW),
    ).toBeTruthy();
  });

  it.each([
    [
      'en',
      'Refunds',
      'Refund of $5.00 on',
      'Refunded',
      'Stake return of $1.00 on',
      'Processing',
      'Amount refunded',
    ],
    ['zh', '退款', '退款 $5.00', '已退款', '退还质押 $1.00', '处理中', '已退款金额'],
  ])('lists what was refunded, with each status, and sums what came back (%s)', async (locale, ...texts) => {
    const [title, first, refunded, second, processing, sum] = texts as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const invoice = makeInvoice({
      refunds: [
        makeRefund(),
        makeRefund({ id: 're_2', type: 'stake_return', status: 'pending', amount: '100' }),
      ],
    });
    renderWithPayment(<InvoiceDetail id="in_1" />, { routes: route(200, invoice), locale });
    const section = await screen.findByRole('region', { name: title }, SLOW);
    expect(section.textContent).toContain(first);
    expect(section.textContent).toContain(second);
    expect(screen.getByText(refunded)).toBeTruthy();
    expect(screen.getByText(processing)).toBeTruthy();
    // Only the succeeded refund counts as refunded.
    expect(screen.getByText(sum).closest('tr')?.textContent).toContain('$5.00');
  });

  it('links a chain refund to its transaction on the explorer the payment is on', async () => {
    const invoice = makeChainOverdueInvoice({
      status: 'paid',
      payment_details: { tx_hash: TX_HASH, payer: PAYER, chain_id: 1, explorer_host: 'https://etherscan.io' },
      refunds: [
        makeRefund({
          currency_id: 'pc_tusd',
          amount: '1000000',
          payment_details: {
            tx_hash: `0x${'cd'.repeat(32)}`,
            gas_price: '1',
            gas_used: '50000',
            payment_intent_id: 'pi_1',
          },
        }),
      ],
    });
    renderWithPayment(<InvoiceDetail id="in_1" />, { routes: route(200, invoice) });
    const section = await screen.findByRole('region', { name: 'Refunds' }, SLOW);
    const link = section.querySelector('a');
    expect(link?.getAttribute('href')).toBe(`https://etherscan.io/tx/0x${'cd'.repeat(32)}`);
  });

  it('shows no refunds section for an invoice nothing was refunded of', async () => {
    renderWithPayment(<InvoiceDetail id="in_1" />, { routes: route(200, makeInvoice()) });
    await screen.findByText('Invoice BZR-0001', {}, SLOW);
    expect(screen.queryByRole('region', { name: 'Refunds' })).toBeNull();
    expect(screen.queryByText('Amount refunded')).toBeNull();
  });

  it('reads the invoice again when the relay says it was refunded, and not for another invoice', async () => {
    const relay = installFakeRelay();
    try {
      const refunded = makeInvoice({ refunds: [makeRefund()] });
      // The first read, and the one made once the relay confirms the subscription.
      const routes = [
        {
          method: 'GET',
          path: '/payment-kit/api/invoices/in_1',
          respond: [{ body: makeInvoice() }, { body: makeInvoice() }, { body: refunded }],
        },
      ];
      const { calls } = renderWithPayment(<InvoiceDetail id="in_1" />, { routes, appId: 'app_test' });
      await screen.findByText('Invoice BZR-0001', {}, SLOW);
      const invoiceReads = () => calls.filter((call) => call.url.pathname.endsWith('/in_1')).length;
      await waitFor(() => expect(invoiceReads()).toBe(2));
      const refundOf = (invoiceId: string) => ({
        type: 'refund.succeeded' as const,
        data: { id: 're_1', payment_intent_id: 'pi_1', customer_id: 'cus_1', invoice_id: invoiceId },
      });
      relay.deliver(refundOf('in_other'));
      // A second read would answer the refunded invoice: none was made.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(screen.queryByRole('region', { name: 'Refunds' })).toBeNull();
      relay.deliver(refundOf('in_1'));
      expect(await screen.findByRole('region', { name: 'Refunds' }, SLOW)).toBeTruthy();
    } finally {
      relay.uninstall();
    }
  });

  it('reads the invoice again once the relay confirms the subscription, so a refund made meanwhile shows', async () => {
    const relay = installFakeRelay();
    try {
      const routes = [
        {
          method: 'GET',
          path: '/payment-kit/api/invoices/in_1',
          respond: [{ body: makeInvoice() }, { body: makeInvoice({ refunds: [makeRefund()] }) }],
        },
      ];
      renderWithPayment(<InvoiceDetail id="in_1" />, { routes, appId: 'app_test' });
      // No event is delivered: the refund happened before the socket listened.
      expect(await screen.findByRole('region', { name: 'Refunds' }, SLOW)).toBeTruthy();
    } finally {
      relay.uninstall();
    }
  });
});
