import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { StartCheckoutResponse } from '@bazaar/schemas';
import { makeCheckout, makeLineItem } from '../test-utils/checkout-builders.ts';
import type { StubAnswer, StubRequest, StubRoute } from '../test-utils/fetch-stub.ts';
import { installFakeRelay } from '../test-utils/fake-relay.ts';
import { makeOverdueResponse, makeUncollectibleInvoice } from '../test-utils/invoice-builders.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import { CheckoutForm } from './checkout-form.tsx';

const SLOW = { timeout: 4_000 };
const open = makeCheckout({ phone_number_collection: { enabled: true } });
const paid: StartCheckoutResponse = {
  ...open,
  checkoutSession: {
    ...open.checkoutSession,
    status: 'complete',
    payment_status: 'paid',
    invoice_id: 'in_1',
  },
};
const intent = {
  id: 'pi_1',
  object: 'payment_intent',
  status: 'requires_payment_method',
  amount: '1999',
  amount_received: '0',
  currency_id: 'pc_test_usd',
  payment_method_id: 'pm_test_card',
  customer_id: 'cus_1',
  invoice_id: null,
  livemode: false,
  last_payment_error: null,
  payment_details: null,
  created_at: 1_700_000_000,
};
const submitted = {
  checkoutSession: open.checkoutSession,
  paymentIntent: intent,
  stripeContext: {
    provider: 'test',
    client_secret: 'pi_1_secret',
    intent_type: 'payment_intent',
    status: 'requires_payment_method',
    publishable_key: null,
  },
  chainContext: null,
  customer: {
    id: 'cus_1',
    did: 'did:x',
    name: 'Ada',
    email: 'ada@example.com',
    phone: '',
    address: { country: 'us', state: '', city: '', line1: '', line2: '', postal_code: '' },
    livemode: false,
    metadata: {},
  },
  balance: null,
  delegation: null,
};
const succeeded = { paymentIntent: { ...intent, status: 'succeeded' }, next_action: null };

/** The checkout API as the card network leaves it: once a card answer settles the payment, retrieve reports it paid. */
function routes(confirm: (request: StubRequest) => StubAnswer, authenticate?: StubAnswer): StubRoute[] {
  let isPaid = false;
  const settle = (answer: StubAnswer) => {
    const isChallenge = Boolean((answer.body as { next_action?: unknown }).next_action);
    if (answer.status === undefined && !isChallenge) isPaid = true;
    return answer;
  };
  return [
    {
      method: 'GET',
      path: '/payment-kit/api/checkout-sessions/retrieve/cs_test_1',
      respond: () => ({ body: isPaid ? paid : open }),
    },
    {
      method: 'GET',
      path: '/payment-kit/api/customers/me',
      respond: { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } } },
    },
    {
      method: 'PUT',
      path: '/payment-kit/api/checkout-sessions/cs_test_1/submit',
      respond: { body: submitted },
    },
    {
      method: 'POST',
      path: '/payment-kit/api/test-card/payment-intents/pi_1/confirm',
      respond: (request) => settle(confirm(request)),
    },
    ...(authenticate
      ? [
          {
            method: 'POST',
            path: '/payment-kit/api/test-card/payment-intents/pi_1/authenticate',
            respond: () => settle(authenticate),
          },
        ]
      : []),
  ];
}

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Full name', {}, SLOW), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Phone number'), '(201) 555-0123');
  await user.type(screen.getByLabelText('Postal code'), '94107');
}

async function payWithCard(user: ReturnType<typeof userEvent.setup>, number: string) {
  const cardNumber = await screen.findByLabelText('Card number', {}, SLOW);
  await user.clear(cardNumber);
  await user.type(cardNumber, number);
  await user.clear(screen.getByLabelText('MM / YY'));
  await user.type(screen.getByLabelText('MM / YY'), '1234');
  await user.clear(screen.getByLabelText('CVC'));
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
}

describe('PaymentPanel validation', () => {
  it.each([
    ['en', 'Pay', 'Required', 'Invalid'],
    ['zh', '支付', '必填', '无效'],
  ])('shows Required and Invalid messages (%s)', async (locale, pay, required, invalid) => {
    const user = userEvent.setup();
    const { calls } = renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: routes(() => ({ body: succeeded })),
      locale,
    });
    await user.click(await screen.findByRole('button', { name: pay }, SLOW));
    // The phone field loads on its own, so its message may come a moment after the others.
    await waitFor(() => expect(screen.getAllByText(required)).toHaveLength(4));
    await user.type(screen.getAllByRole('textbox')[1]!, 'ada@');
    await user.click(screen.getByRole('button', { name: pay }));
    expect(await screen.findByText(invalid)).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});

describe('PaymentPanel prefill and limits', () => {
  it("prefills the form from the signed-in payer's customer record in the session's mode", async () => {
    const me = {
      ...submitted.customer,
      name: 'Grace Hopper',
      email: 'grace@example.com',
      phone: '+442079460958',
    };
    const { calls } = renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: [
        {
          method: 'GET',
          path: '/payment-kit/api/checkout-sessions/retrieve/cs_test_1',
          respond: { body: open },
        },
        { method: 'GET', path: '/payment-kit/api/customers/me', respond: { body: me } },
      ],
    });
    await waitFor(
      () => expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Grace Hopper'),
      SLOW,
    );
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('grace@example.com');
    await waitFor(() =>
      expect((screen.getByLabelText('Country code') as HTMLSelectElement).value).toBe('gb'),
    );
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('020 7946 0958');
    const request = calls.find((call) => call.url.pathname.endsWith('/customers/me'))!;
    expect(Object.fromEntries(request.url.searchParams)).toMatchObject({
      skipSummary: '1',
      fallback: '1',
      livemode: 'false',
    });
  });

  it('blocks paying for a line over its purchase limit and says why', async () => {
    const overLimit = makeCheckout({ line_items: [makeLineItem({ quantity: 6 })] });
    renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: [
        {
          method: 'GET',
          path: '/payment-kit/api/checkout-sessions/retrieve/cs_test_1',
          respond: { body: overLimit },
        },
      ],
      locale: 'zh',
    });
    expect(await screen.findByText('超出购买限制', {}, SLOW)).toBeTruthy();
    expect((screen.getByRole('button', { name: '支付' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('PaymentPanel submit flow', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['en', 'Pay', 'Past-due invoices'],
    ['zh', '支付', '逾期账单'],
  ])(
    'opens the overdue dialog for a payer with past-due invoices, no toast, and goes on once one is paid (%s)',
    async (locale, pay, title) => {
      const relay = installFakeRelay();
      const user = userEvent.setup();
      const me = { ...submitted.customer, phone: '+12015550123' };
      const { calls } = renderWithPayment(<CheckoutForm id="cs_test_1" />, {
        routes: [
          {
            method: 'PUT',
            path: '/payment-kit/api/checkout-sessions/cs_test_1/submit',
            respond: [
              {
                status: 403,
                body: { error: { code: 'CUSTOMER_LIMITED', message: 'Customer has past due' } },
              },
              { body: submitted },
            ],
          },
          { method: 'GET', path: '/payment-kit/api/customers/me', respond: { body: me } },
          {
            method: 'GET',
            path: '/payment-kit/api/customers/cus_1/overdue/invoices',
            respond: { body: makeOverdueResponse([makeUncollectibleInvoice()]) },
          },
          ...routes(() => ({ body: succeeded })),
        ],
        locale,
        appId: 'app_test',
      });
      await waitFor(
        () =>
          expect(
            (
              screen.getByRole('textbox', {
                name: locale === 'en' ? 'Full name' : '姓名',
              }) as HTMLInputElement
            ).value,
          ).toBe('Ada'),
        SLOW,
      );
      await user.type(
        screen.getByRole('textbox', { name: locale === 'en' ? 'Postal code' : '邮政编码' }),
        '94107',
      );
      await user.click(screen.getByRole('button', { name: pay }));

      expect(await screen.findByRole('dialog', { name: title }, SLOW)).toBeTruthy();
      expect(await screen.findByText('$9.99', {}, SLOW)).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();

      // Another customer's payment changes nothing; this payer's retries the submit by itself.
      relay.deliver({
        type: 'invoice.paid',
        data: { id: 'in_x', customer_id: 'cus_2', subscription_id: null },
      });
      relay.deliver({
        type: 'invoice.paid',
        data: { id: 'in_due', customer_id: 'cus_1', subscription_id: 'sub_1' },
      });
      expect(await screen.findByLabelText(locale === 'en' ? 'Card number' : '卡号', {}, SLOW)).toBeTruthy();
      expect(screen.queryByRole('dialog', { name: title })).toBeNull();
      const submits = calls.filter((call) => call.method === 'PUT');
      expect(submits).toHaveLength(2);
      expect(submits[1]!.body).toEqual(submits[0]!.body);
      expect(submits[1]!.headers.get('Idempotency-Key')).not.toBe(submits[0]!.headers.get('Idempotency-Key'));
    },
  );

  it('returns to the form when the payer closes the overdue dialog', async () => {
    const user = userEvent.setup();
    renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: [
        {
          method: 'PUT',
          path: '/payment-kit/api/checkout-sessions/cs_test_1/submit',
          respond: { status: 403, body: { error: { code: 'CUSTOMER_LIMITED', message: 'Past due' } } },
        },
        {
          method: 'GET',
          path: '/payment-kit/api/customers/did%3Apkh%3Aeip155%3A1%3A0xabc/overdue/invoices',
          respond: { body: makeOverdueResponse([makeUncollectibleInvoice()]) },
        },
        ...routes(() => ({ body: succeeded })),
      ],
    });
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await user.click(await screen.findByRole('button', { name: 'Close' }, SLOW));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('submits with Enter, sends the phone in E.164 with an idempotency key, and pays by card', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: routes(() => ({ body: succeeded })),
    });
    await fillContact(user);
    await user.type(screen.getByLabelText('Postal code'), '{Enter}');
    await payWithCard(user, '4242424242424242');
    expect(await screen.findByText('Payment succeeded', {}, SLOW)).toBeTruthy();
    const submit = calls.find((call) => call.method === 'PUT')!;
    expect(submit.body).toMatchObject({
      customer_phone: '+12015550123',
      payment_method: 'pm_test_card',
      billing_address: { postal_code: '94107', country: 'us' },
    });
    expect(submit.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    const confirm = calls.find((call) => call.url.pathname.endsWith('/confirm'))!;
    expect(confirm.body).toEqual({
      client_secret: 'pi_1_secret',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
  });

  it('shows the decline message and lets the payer try another card', async () => {
    const user = userEvent.setup();
    const declined = {
      status: 402,
      body: { error: { code: 'card_declined', message: 'Your card was declined.' } },
    };
    let attempt = 0;
    renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: routes(() => (attempt++ === 0 ? declined : { body: succeeded })),
    });
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await payWithCard(user, '4000000000000002');
    expect(await screen.findByText('Your card was declined.', {}, SLOW)).toBeTruthy();
    await payWithCard(user, '4242424242424242');
    expect(await screen.findByText('Payment succeeded', {}, SLOW)).toBeTruthy();
  });

  it('asks for authentication in the page and pays once it is completed', async () => {
    const user = userEvent.setup();
    const challenge = {
      body: {
        paymentIntent: { ...intent, status: 'requires_action' },
        next_action: { type: 'authenticate' },
      },
    };
    const { calls } = renderWithPayment(<CheckoutForm id="cs_test_1" />, {
      routes: routes(() => challenge, { body: succeeded }),
    });
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await payWithCard(user, '4000002500003155');
    await user.click(await screen.findByRole('button', { name: 'Complete authentication' }, SLOW));
    expect(await screen.findByText('Payment succeeded', {}, SLOW)).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((call) => call.url.pathname.endsWith('/authenticate'))?.body).toEqual({
        client_secret: 'pi_1_secret',
        outcome: 'approve',
      }),
    );
  });
});
