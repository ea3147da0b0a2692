import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { CustomerPayment } from '@bazaar/schemas';
import { TX_HASH } from '../test-utils/chain-builders.ts';
import { USD } from '../test-utils/checkout-builders.ts';
import type { StubRoute } from '../test-utils/fetch-stub.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import { makeSubscription } from '../test-utils/subscription-builders.ts';
import { PaymentHistory } from './payment-history.tsx';
import { SubscriptionList } from './subscription-list.tsx';

const SLOW = { timeout: 3_000 };

function makePayment(overrides: Partial<CustomerPayment> = {}): CustomerPayment {
  return {
    id: 'pi_1',
    object: 'payment_intent',
    status: 'succeeded',
    amount: '1999',
    amount_received: '1999',
    currency_id: USD.id,
    payment_method_id: 'pm_test_card',
    customer_id: 'cus_1',
    invoice_id: 'in_1',
    livemode: false,
    last_payment_error: null,
    payment_details: { brand: 'visa', last4: '4242' },
    created_at: 1_800_000_000,
    currency: USD,
    payment_method: { id: 'pm_test_card', type: 'stripe', name: 'Card' },
    ...overrides,
  };
}

const payments = (list: CustomerPayment[], count = list.length): StubRoute => ({
  method: 'GET',
  path: '/payment-kit/api/payment-intents',
  respond: { body: { list, count } },
});

describe('PaymentHistory', () => {
  it.each([
    ['en', ['Paid', 'Failed'], 'View invoice'],
    ['zh', ['已支付', '失败'], '查看账单'],
  ])(
    'lists each payment with its amount, card, outcome and invoice (%s)',
    async (locale, states, viewInvoice) => {
      renderWithPayment(<PaymentHistory />, {
        locale,
        routes: [
          payments([
            makePayment(),
            makePayment({
              id: 'pi_2',
              status: 'requires_payment_method',
              invoice_id: null,
              last_payment_error: { code: 'card_declined', message: 'Declined' },
            }),
          ]),
        ],
      });
      const list = await screen.findByRole('list', {}, SLOW);
      const rows = within(list).getAllByRole('listitem');
      expect(rows[0]!.textContent).toContain('$19.99');
      expect(rows[0]!.textContent).toContain('Card · Visa •••• 4242');
      expect(within(rows[0]!).getByText(states[0]!)).toBeTruthy();
      expect(within(rows[1]!).getByText(states[1]!)).toBeTruthy();
      const invoice = within(rows[0]!).getByRole('link', { name: viewInvoice });
      expect(invoice.getAttribute('href')).toBe('http://shop.test/payment-kit/customer/invoice/in_1');
      expect(within(rows[1]!).queryByRole('link')).toBeNull();
    },
  );

  it('links a chain payment to its transaction and asks for the next page', async () => {
    const chain = makePayment({
      payment_details: {
        tx_hash: TX_HASH,
        payer: '0xabc',
        chain_id: 1,
        explorer_host: 'https://etherscan.io',
      },
      payment_method: { id: 'pm_chain', type: 'ethereum', name: 'Ethereum' },
    });
    const { calls } = renderWithPayment(<PaymentHistory />, { routes: [payments([chain], 12)] });
    const tx = await screen.findByRole('link', { name: /0x/ }, SLOW);
    expect(tx.getAttribute('href')).toBe(`https://etherscan.io/tx/${TX_HASH}`);
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    const pagesAsked = calls
      .filter((call) => call.url.pathname === '/payment-kit/api/payment-intents')
      .map((call) => call.url.searchParams.get('page'));
    expect(pagesAsked).toEqual(['1', '2']);
    // The customer area is the signed-in person's own account, an admin's too.
    expect(
      calls.every(
        (call) =>
          call.url.pathname !== '/payment-kit/api/payment-intents' ||
          call.url.searchParams.get('own') === 'true',
      ),
    ).toBe(true);
  });

  it('says so when there is nothing yet', async () => {
    renderWithPayment(<PaymentHistory />, { routes: [payments([])] });
    expect(await screen.findByText('No payments yet.', {}, SLOW)).toBeTruthy();
  });
});

describe('SubscriptionList', () => {
  const subscriptions = (list: ReturnType<typeof makeSubscription>[]): StubRoute => ({
    method: 'GET',
    path: '/payment-kit/api/subscriptions',
    respond: { body: { list, count: list.length } },
  });

  it('lists each plan with what comes next and its status, linked to its page', async () => {
    renderWithPayment(<SubscriptionList />, {
      routes: [
        subscriptions([
          makeSubscription({ id: 'sub_trial', status: 'trialing', trial_end: 1_800_604_800 }),
          makeSubscription({ id: 'sub_ending', status: 'active', cancel_at_period_end: true }),
        ]),
      ],
    });
    const list = await screen.findByRole('list', {}, SLOW);
    const [trial, ending] = within(list).getAllByRole('listitem');
    expect(trial!.textContent).toMatch(/Trial ends \d{4}-\d{2}-\d{2}/);
    expect(within(trial!).getByText('Trialing')).toBeTruthy();
    expect(ending!.textContent).toMatch(/Ends \d{4}-\d{2}-\d{2}/);
    const link = within(trial!).getByRole('link');
    expect(link.getAttribute('href')).toBe('http://shop.test/payment-kit/customer/subscription/sub_trial');
  });

  it('says so when there is none', async () => {
    renderWithPayment(<SubscriptionList />, { routes: [subscriptions([])], locale: 'zh' });
    expect(await screen.findByText('还没有订阅。', {}, SLOW)).toBeTruthy();
  });

  it('shows what the customer still has first, and the ended ones on request', async () => {
    const current = makeSubscription({ id: 'sub_current', status: 'active' });
    const ended = makeSubscription({ id: 'sub_ended', status: 'canceled', ended_at: 1_800_000_000 });
    const asked: Array<string | null> = [];
    renderWithPayment(<SubscriptionList currentFirst />, {
      routes: [
        {
          method: 'GET',
          path: '/payment-kit/api/subscriptions',
          respond: (request) => {
            const status = request.url.searchParams.get('status');
            asked.push(status);
            const list = status === null ? [current, ended] : [current];
            return { body: { list, count: list.length } };
          },
        },
      ],
    });
    const list = await screen.findByRole('list', {}, SLOW);
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(asked).toEqual(['trialing,active,past_due,paused']);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Show ended subscriptions too' }));
    await screen.findByText(/Ended \d{4}-\d{2}-\d{2}/, {}, SLOW);
    expect(asked.at(-1)).toBeNull();
    expect(screen.getByRole('button', { name: 'Hide ended subscriptions' })).toBeTruthy();
  });

  it('says so when nothing is current', async () => {
    renderWithPayment(<SubscriptionList currentFirst />, { routes: [subscriptions([])] });
    expect(await screen.findByText('No active subscriptions.', {}, SLOW)).toBeTruthy();
  });
});
