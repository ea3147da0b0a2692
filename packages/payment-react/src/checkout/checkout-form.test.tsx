import { StrictMode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { makeCheckout, makeLineItem, makePrice, USD } from '../test-utils/checkout-builders.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import type { StubRoute } from '../test-utils/fetch-stub.ts';
import { CheckoutForm } from './checkout-form.tsx';

const SLOW = { timeout: 3_000 };
const retrieve = (body: unknown, status = 200): StubRoute => ({
  method: 'GET',
  path: /^\/payment-kit\/api\/checkout-sessions\/retrieve\//,
  respond: { status, body },
});

describe('CheckoutForm page states', () => {
  it('shows the skeleton first, then the form', async () => {
    const { container } = renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: [retrieve(makeCheckout())],
    });
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(await screen.findByText('Bazaar T-shirt', {}, SLOW)).toBeTruthy();
  });

  it.each([
    ['en', 'Oops', 'Either a checkoutSession or a paymentLink id is required.'],
    ['zh', '出错了', '需要提供 checkoutSession 或 paymentLink 的 ID。'],
  ])('rejects an id that is neither plink_ nor cs_ (%s)', async (locale, title, text) => {
    renderWithPayment(<CheckoutForm id="order_42" />, { routes: [], locale });
    expect(await screen.findByText(title, {}, SLOW)).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
  });

  it.each([
    ['en', 'Oops', 'We could not find what you are looking for.'],
    ['zh', '出错了', '找不到您要访问的内容。'],
  ])("shows the server's error in the page language in the Oops panel (%s)", async (locale, title, text) => {
    renderWithPayment(<CheckoutForm id="cs_missing" />, {
      routes: [retrieve({ error: { code: 'NOT_FOUND', message: 'Checkout session not found' } }, 404)],
      locale,
    });
    expect(await screen.findByText(text, {}, SLOW)).toBeTruthy();
    expect(screen.getByText(title)).toBeTruthy();
  });

  it.each([
    ['en', 'The payment was already processed or the checkout session has expired.'],
    ['zh', '该付款已处理，或结账会话已过期。'],
  ])('shows the expired panel when expires_at has passed (%s)', async (locale, text) => {
    renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: [retrieve(makeCheckout({ expires_at: 1_000 }))],
      locale,
    });
    expect(await screen.findByText(text, {}, SLOW)).toBeTruthy();
  });

  it('turns to the expired panel when the session expires while the page is open', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: [retrieve(makeCheckout({ expires_at: expiresAt }))],
    });
    expect(await screen.findByText('Bazaar T-shirt', {}, SLOW)).toBeTruthy();
    expect(
      await screen.findByText(
        'The payment was already processed or the checkout session has expired.',
        {},
        { timeout: 4_000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Bazaar T-shirt')).toBeNull();
  });

  it.each([
    ['en', 'Nothing to pay for'],
    ['zh', '没有需要支付的项目'],
  ])('shows the empty-items panel (%s)', async (locale, text) => {
    renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: [retrieve(makeCheckout({ line_items: [] }))],
      locale,
    });
    expect(await screen.findByText(text, {}, SLOW)).toBeTruthy();
  });

  it.each([
    ['en', 'Test mode', 'Qty 2', 'per month', 'Due today'],
    ['zh', '测试模式', '数量 2', '每月', '今日应付'],
  ])(
    'shows the order summary with the test-mode badge (%s)',
    async (locale, badge, quantity, period, total) => {
      const price = makePrice({
        type: 'recurring',
        recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
      });
      const checkout = makeCheckout({
        mode: 'subscription',
        line_items: [makeLineItem({ price, quantity: 2, amount_subtotal: '3998' })],
        amount_due_now: '3998',
        amount_renewal: '3998',
        currency_amounts: [{ currency_id: USD.id, amount_due_now: '3998', amount_renewal: '0' }],
      });
      renderWithPayment(<CheckoutForm id="cs_test_1" />, { routes: [retrieve(checkout)], locale });
      expect(await screen.findByText(badge, {}, SLOW)).toBeTruthy();
      expect(screen.getByText(quantity, { exact: false })).toBeTruthy();
      expect(screen.getByText(period)).toBeTruthy();
      expect(screen.getByText(total)).toBeTruthy();
      expect(screen.getByTestId('total-due').textContent).toBe('$39.98');
    },
  );

  it.each([
    ['en', 'Payment succeeded', 'View invoice'],
    ['zh', '支付成功', '查看账单'],
  ])('shows the success panel with the invoice link (%s)', async (locale, message, link) => {
    const checkout = makeCheckout({ status: 'complete', payment_status: 'paid', invoice_id: 'in_1' });
    renderWithPayment(<CheckoutForm id="cs_test_1" />, { routes: [retrieve(checkout)], locale });
    expect(await screen.findByText(message, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe(
      'http://shop.test/payment-kit/customer/invoice/in_1',
    );
  });

  it("prefers the payment link's confirmation message and links subscriptions to their page", async () => {
    const checkout = makeCheckout(
      {
        status: 'complete',
        payment_status: 'paid',
        mode: 'subscription',
        subscription_id: 'sub_1',
        invoice_id: 'in_1',
      },
      {
        paymentLink: {
          id: 'plink_demo_subscription',
          active: true,
          name: 'Pro plan',
          submit_type: 'auto',
          after_completion: {
            type: 'hosted_confirmation',
            hosted_confirmation: { custom_message: 'Welcome aboard!' },
            redirect: null,
          },
          donation_settings: null,
        },
      },
    );
    renderWithPayment(<CheckoutForm id="cs_test_1" />, { routes: [retrieve(checkout)] });
    expect(await screen.findByText('Welcome aboard!', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View subscription' }).getAttribute('href')).toBe(
      'http://shop.test/payment-kit/customer/subscription/sub_1',
    );
  });

  it('starts a session from a payment link with the extra parameters and reports its id', async () => {
    const onSessionStart = vi.fn();
    const { calls } = renderWithPayment(
      <CheckoutForm
        id="plink_demo_onetime"
        extraParams={{ ref: 'newsletter' }}
        onSessionStart={onSessionStart}
      />,
      {
        routes: [
          {
            method: 'POST',
            path: '/payment-kit/api/checkout-sessions/start/plink_demo_onetime',
            respond: { body: makeCheckout() },
          },
        ],
      },
    );
    expect(await screen.findByText('Bazaar T-shirt', {}, SLOW)).toBeTruthy();
    expect(onSessionStart).toHaveBeenCalledWith('cs_test_1');
    const start = calls.find((call) => call.method === 'POST')!;
    expect(Object.fromEntries(start.url.searchParams)).toEqual({
      ref: 'newsletter',
      locale: 'en',
      livemode: 'false',
    });
  });
  it('starts one session when the same link mounts twice at once (StrictMode, two hosts)', async () => {
    const startRoute: StubRoute = {
      method: 'POST',
      path: '/payment-kit/api/checkout-sessions/start/plink_twice',
      respond: { body: makeCheckout() },
    };
    const first = renderWithPayment(
      <StrictMode>
        <CheckoutForm id="plink_twice" extraParams={{ ref: 'a' }} />
      </StrictMode>,
      { routes: [startRoute] },
    );
    const second = renderWithPayment(
      <StrictMode>
        <CheckoutForm id="plink_twice" extraParams={{ ref: 'a' }} />
      </StrictMode>,
      { routes: [startRoute] },
    );
    await waitFor(() => expect(screen.getAllByText('Bazaar T-shirt')).toHaveLength(2), SLOW);
    const starts = [...first.calls, ...second.calls].filter((call) => call.method === 'POST');
    expect(starts).toHaveLength(1);
  });
});

describe('CheckoutForm guests', () => {
  it.each([
    ['en', 'Connect and Pay'],
    ['zh', '连接并支付'],
  ])('asks a guest to sign in before paying (%s)', async (locale, label) => {
    const onRequireLogin = vi.fn();
    renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: [retrieve(makeCheckout())],
      locale,
      user: null,
      onRequireLogin,
    });
    await userEvent.click(await screen.findByRole('button', { name: label }, SLOW));
    expect(onRequireLogin).toHaveBeenCalledOnce();
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('lets a guest donate without signing in', async () => {
    const checkout = makeCheckout({ submit_type: 'donate' });
    renderWithPayment(<CheckoutForm id="cs_test_1" />, { routes: [retrieve(checkout)], user: null });
    const form = (await screen.findByRole('button', { name: 'Donate' }, SLOW)).closest('form')!;
    expect(within(form).getByLabelText('Email')).toBeTruthy();
  });
});
