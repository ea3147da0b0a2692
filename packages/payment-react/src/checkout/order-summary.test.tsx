import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Price, StartCheckoutResponse } from '@bazaar/schemas';
import { createPaymentEventBus } from '../events/payment-events.ts';
import {
  ABT,
  makeCheckout,
  makeLineItem,
  makePaymentMethod,
  makePrice,
  makeSubscriptionData,
  USD,
} from '../test-utils/checkout-builders.ts';
import type { StubRoute } from '../test-utils/fetch-stub.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import { CheckoutForm } from './checkout-form.tsx';

const SLOW = { timeout: 4_000 };
const API = '/payment-kit/api/checkout-sessions/cs_test_1';
const product = { ...makePrice().product, name: 'Bazaar Club' };
const monthly = makePrice({
  id: 'price_monthly',
  product,
  type: 'recurring',
  unit_amount: '999',
  recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
  upsell: { upsells_to_id: 'price_yearly' },
});
const yearly = makePrice({
  id: 'price_yearly',
  product,
  type: 'recurring',
  unit_amount: '9999',
  recurring: { interval: 'year', interval_count: 1, usage_type: 'licensed' },
});
const support = makePrice({
  id: 'price_support',
  unit_amount: '499',
  product: { ...product, name: 'Priority support' },
});

function subscription(overrides: Partial<StartCheckoutResponse['checkoutSession']> = {}) {
  // The per-currency figures follow the session's own unless a test sets them.
  const dueNow = overrides.amount_due_now ?? '0';
  const renewal = overrides.amount_renewal ?? '999';
  return makeCheckout({
    mode: 'subscription',
    submit_type: 'auto',
    line_items: [
      makeLineItem({
        price: monthly,
        amount_subtotal: '999',
        upsell_offer: { price: yearly, savings_percent: 18 },
      }),
    ],
    amount_due_now: dueNow,
    amount_renewal: renewal,
    currency_amounts: [{ currency_id: USD.id, amount_due_now: dueNow, amount_renewal: renewal }],
    trial: { applies: true, trial_period_days: 7, trial_end: 1_900_000_000 },
    subscription_data: makeSubscriptionData({ trial_period_days: 7, trial_currency: USD.id }),
    ...overrides,
  });
}

const retrieve = (checkout: StartCheckoutResponse): StubRoute => ({
  method: 'GET',
  path: `${API.replace('/cs_test_1', '')}/retrieve/cs_test_1`,
  respond: { body: checkout },
});
const noCrossSell: StubRoute = {
  method: 'GET',
  path: `${API}/cross-sell`,
  respond: { body: { error: 'none' } },
};
const customerMe: StubRoute = {
  method: 'GET',
  path: '/payment-kit/api/customers/me',
  respond: { body: null },
};

describe('OrderSummary', () => {
  it.each([
    ['en', 'Subscribe to Bazaar Club', '7-day free trial', 'Due today', 'Then $9.99 per month'],
    ['zh', '订阅 Bazaar Club', '7 天免费试用', '今日应付', '之后每月 $9.99'],
  ])(
    'shows a trial subscription: nothing due today, then the renewal (%s)',
    async (locale, headline, trial, due, then) => {
      renderWithPayment(<CheckoutForm id="cs_test_1" />, {
        routes: [retrieve(subscription()), noCrossSell, customerMe],
        locale,
      });
      expect(await screen.findByText(headline, {}, SLOW)).toBeTruthy();
      // The page's one top heading names the purchase (screen readers jump to it).
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(headline);
      expect(screen.getByTestId('trial').textContent).toBe(trial);
      expect(screen.getByText(due)).toBeTruthy();
      expect(screen.getByTestId('total-due').textContent).toBe('$0.00');
      expect(screen.getByTestId('renewal').textContent).toBe(then);
    },
  );

  it('hides the trial line when the trial does not apply to the currency', async () => {
    const checkout = subscription({
      amount_due_now: '999',
      currency_amounts: [{ currency_id: USD.id, amount_due_now: '999', amount_renewal: '999' }],
      trial: { applies: false, trial_period_days: 7, trial_end: null },
    });
    renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: [retrieve(checkout), noCrossSell, customerMe],
    });
    await screen.findByText('Subscribe to Bazaar Club', {}, SLOW);
    expect(screen.queryByTestId('trial')).toBeNull();
    expect(screen.getByTestId('total-due').textContent).toBe('$9.99');
  });

  it.each([
    ['en', '$0.05 / unit', 'per month · based on usage'],
    ['zh', '$0.05 / 单位', '每月 · 按用量计费'],
  ])('prices a metered line per unit, billed on usage (%s)', async (locale, unit, period) => {
    const metered = makePrice({
      type: 'recurring',
      unit_amount: '5',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'metered' },
    });
    const checkout = subscription({
      line_items: [makeLineItem({ price: metered, amount_subtotal: '0' })],
      amount_renewal: '0',
      trial: null,
    });
    renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: [retrieve(checkout), noCrossSell, customerMe],
      locale,
    });
    expect(await screen.findByText(unit, { exact: false }, SLOW)).toBeTruthy();
    expect(screen.getByText(period)).toBeTruthy();
    expect(screen.queryByTestId('renewal')).toBeNull();
  });
});

describe('staking deposit', () => {
  const abt = (tokens: number) => (BigInt(tokens) * 10n ** 18n).toString();
  const arcblock = makePaymentMethod({
    id: 'pm_test_arcblock',
    type: 'arcblock',
    name: 'ArcBlock',
    default_currency_id: ABT.id,
    payment_currencies: [ABT],
  });
  // Five ABT a month (or $9.99 by card), paid in ABT unless the payer picks the card.
  function stakedSubscription(terms: { billing_threshold_amount: string; min_stake_amount: string }) {
    const price = makePrice({
      id: 'price_node',
      product: { ...product, name: 'Node hosting' },
      type: 'recurring',
      currency_id: ABT.id,
      unit_amount: abt(5),
      currency_options: [{ currency_id: USD.id, unit_amount: '999', custom_unit_amount: null, tiers: null }],
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
    });
    return makeCheckout(
      {
        mode: 'subscription',
        submit_type: 'auto',
        currency_id: ABT.id,
        line_items: [makeLineItem({ price, amount_subtotal: abt(5) })],
        amount_due_now: abt(5),
        amount_renewal: abt(5),
        currency_amounts: [
          { currency_id: ABT.id, amount_due_now: abt(5), amount_renewal: abt(5) },
          { currency_id: USD.id, amount_due_now: '999', amount_renewal: '999' },
        ],
        subscription_data: makeSubscriptionData(terms),
      },
      { paymentMethods: [makePaymentMethod(), arcblock] },
    );
  }
  const renderStaked = (checkout: StartCheckoutResponse, locale = 'en') =>
    renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: [retrieve(checkout), noCrossSell, customerMe],
      locale,
      // A remembered currency would choose for the payer: each test starts from the session's.
      storage: null,
    });

  it.each([
    ['en', 'Staking deposit', 'A deposit kept apart from the price that guarantees future invoices.'],
    ['zh', '质押金', '押金与价格分开保管，用于保障后续账单的支付。'],
  ])('adds the larger of threshold and minimum stake for arcblock only (%s)', async (locale, label, hint) => {
    const user = userEvent.setup();
    renderStaked(
      stakedSubscription({ billing_threshold_amount: abt(20), min_stake_amount: abt(12) }),
      locale,
    );
    const stake = await screen.findByTestId('stake', {}, SLOW);
    expect(within(stake).getByText(label)).toBeTruthy();
    expect(within(stake).getByText(hint)).toBeTruthy();
    expect(within(stake).getByText('20 ABT')).toBeTruthy();
    expect(screen.getByTestId('total-due').textContent).toBe('25 ABT');
    expect(screen.getByRole('radio', { name: /ArcBlock/ }).textContent).toContain('25 ABT');

    await user.click(screen.getByRole('radio', { name: /Card/ }));
    expect(screen.queryByTestId('stake')).toBeNull();
    expect(screen.getByTestId('total-due').textContent).toBe('$9.99');
  });

  it.each([
    ['the minimum stake when it is larger', abt(2), abt(30), '30 ABT', '35 ABT'],
    ['one period when both are 0', '0', '0', '5 ABT', '10 ABT'],
  ])('takes %s', async (_, threshold, minimum, stake, total) => {
    renderStaked(stakedSubscription({ billing_threshold_amount: threshold, min_stake_amount: minimum }));
    expect(within(await screen.findByTestId('stake', {}, SLOW)).getByText(stake)).toBeTruthy();
    expect(screen.getByTestId('total-due').textContent).toBe(total);
  });

  it('asks no stake of a one-time purchase paid with arcblock', async () => {
    const checkout = stakedSubscription({ billing_threshold_amount: abt(20), min_stake_amount: '0' });
    renderStaked({ ...checkout, checkoutSession: { ...checkout.checkoutSession, mode: 'payment' } });
    await screen.findByText('Node hosting', {}, SLOW);
    expect(screen.queryByTestId('stake')).toBeNull();
    expect(screen.getByTestId('total-due').textContent).toBe('5 ABT');
  });
});

describe('upsell switch', () => {
  it.each([
    ['en', 'Save with yearly billing', 'Save 18%', 'Save 17%', 'per year'],
    ['zh', '按年付费更省钱', '节省 18%', '节省 17%', '每年'],
  ])(
    'shows the offer saving before switching, the answer saving after, and back (%s)',
    async (locale, label, offered, answered, year) => {
      const user = userEvent.setup();
      const upsold = subscription({
        line_items: [
          makeLineItem({
            price: monthly,
            upsell_price_id: yearly.id,
            upsell_price: yearly,
            amount_subtotal: '9999',
          }),
        ],
        amount_renewal: '9999',
      });
      const { calls } = renderWithPayment(<CheckoutForm id="cs_test_1" />, {
        routes: [
          retrieve(subscription()),
          noCrossSell,
          customerMe,
          {
            method: 'PUT',
            path: `${API}/upsell`,
            respond: { body: { checkoutSession: upsold.checkoutSession, savings_percent: 17 } },
          },
          {
            method: 'PUT',
            path: `${API}/downsell`,
            respond: { body: { checkoutSession: subscription().checkoutSession, savings_percent: 17 } },
          },
        ],
        locale,
      });
      const toggle = await screen.findByRole('switch', { name: label }, SLOW);
      expect(screen.getByText(offered)).toBeTruthy();
      await user.click(toggle);
      // The upsold line has no offer any more: the chip shows what the upsell answer said.
      expect(await screen.findByText(answered, {}, SLOW)).toBeTruthy();
      expect(screen.queryByText(offered)).toBeNull();
      expect(screen.getByText(year)).toBeTruthy();
      expect(screen.getByTestId('renewal').textContent).toContain('$99.99');
      expect(calls.find((call) => call.url.pathname.endsWith('/upsell'))?.body).toEqual({
        from: 'price_monthly',
        to: 'price_yearly',
      });
      await waitFor(() =>
        expect(calls.filter((call) => call.url.pathname.endsWith('/cross-sell'))).toHaveLength(2),
      );

      await user.click(screen.getByRole('switch', { name: label }));
      await waitFor(() => expect(screen.getByTestId('renewal').textContent).toContain('$9.99'));
      expect(screen.getByText(offered)).toBeTruthy();
      expect(calls.find((call) => call.url.pathname.endsWith('/downsell'))?.body).toEqual({
        from: 'price_yearly',
      });
    },
  );

  it.each([
    ['en', 'Plan updates are not available'],
    ['zh', '无法更新方案'],
  ])('toasts a refused upsell (%s)', async (locale, text) => {
    const user = userEvent.setup();
    renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: [
        retrieve(subscription()),
        noCrossSell,
        customerMe,
        {
          method: 'PUT',
          path: `${API}/upsell`,
          respond: { status: 409, body: { error: { code: 'UPSELL_UNAVAILABLE', message: 'no' } } },
        },
      ],
      locale,
    });
    await user.click(await screen.findByRole('switch', {}, SLOW));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe(text);
  });
});

function oneTimeWithCrossSell(lines = [makeLineItem()], behavior: 'auto' | 'required' = 'required') {
  return makeCheckout({ line_items: lines, cross_sell_behavior: behavior });
}

describe('cross-sell panel', () => {
  it.each([
    ['en', 'Required', 'Add Priority support', 'Remove Priority support'],
    ['zh', '必选', '添加 Priority support', '移除 Priority support'],
  ])(
    'offers the add-on with a Required chip, adds and removes it (%s)',
    async (locale, required, add, remove) => {
      const user = userEvent.setup();
      const withSupport = oneTimeWithCrossSell([
        makeLineItem(),
        makeLineItem({ price: support as Price, cross_sell: true, amount_subtotal: '499' }),
      ]);
      const { calls } = renderWithPayment(<CheckoutForm id="cs_test_1" />, {
        routes: [
          retrieve(oneTimeWithCrossSell()),
          customerMe,
          {
            method: 'GET',
            path: `${API}/cross-sell`,
            respond: [{ body: support }, { body: { error: 'in cart' } }],
          },
          {
            method: 'PUT',
            path: `${API}/cross-sell`,
            respond: { body: { checkoutSession: withSupport.checkoutSession, savings_percent: null } },
          },
          {
            method: 'DELETE',
            path: `${API}/cross-sell`,
            respond: {
              body: { checkoutSession: oneTimeWithCrossSell().checkoutSession, savings_percent: null },
            },
          },
        ],
        locale,
      });
      const panel = await screen.findByRole(
        'group',
        { name: locale === 'en' ? 'Recommended add-on' : '推荐搭配' },
        SLOW,
      );
      expect(within(panel).getByText(required)).toBeTruthy();
      await user.click(within(panel).getByRole('button', { name: add }));
      // The panel is drawn again from the answer's session: look it up afresh.
      await user.click(await screen.findByRole('button', { name: remove }, SLOW));
      expect(
        calls.find((call) => call.method === 'PUT' && call.url.pathname.endsWith('/cross-sell'))?.body,
      ).toEqual({
        to: 'price_support',
      });
      await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    },
  );

  it('shakes for a second on REQUIRE_CROSS_SELL without a toast, while other codes toast', async () => {
    const events = createPaymentEventBus();
    renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: [
        retrieve(oneTimeWithCrossSell()),
        customerMe,
        { method: 'GET', path: `${API}/cross-sell`, respond: { body: support } },
      ],
      events,
    });
    const panel = await screen.findByRole('group', { name: 'Recommended add-on' }, SLOW);
    act(() => events.emit('REQUIRE_CROSS_SELL', 'Please add the recommended item to continue.'));
    expect(panel.getAttribute('data-shaking')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(panel.getAttribute('data-shaking')).toBeNull(), { timeout: 2_000 });

    act(() => events.emit('quantityNotEnough', 'Exceed inventory'));
    expect((await screen.findByRole('alert')).textContent).toBe('Exceed inventory');
  });
});
