import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { StubAnswer, StubRoute } from '../test-utils/fetch-stub.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import { makeSubscription } from '../test-utils/subscription-builders.ts';
import { SubscriptionActions } from './subscription-actions.tsx';

const SLOW = { timeout: 3_000 };
const API = '/payment-kit/api/subscriptions/sub_1';
const active = makeSubscription({ status: 'active', trial_start: null, trial_end: null });
const setupIntent = {
  id: 'pi_setup',
  object: 'payment_intent',
  status: 'requires_payment_method',
  amount: '0',
  amount_received: '0',
  currency_id: active.currency_id,
  payment_method_id: 'pm_test_card',
  customer_id: 'cus_1',
  invoice_id: null,
  livemode: false,
  last_payment_error: null,
  payment_details: null,
  created_at: 1_800_000_000,
};
const setup = {
  paymentIntent: setupIntent,
  stripeContext: {
    provider: 'test',
    client_secret: 'pi_setup_secret',
    intent_type: 'setup_intent',
    status: 'requires_payment_method',
    publishable_key: null,
  },
};
const saved = { paymentIntent: { ...setupIntent, status: 'succeeded' }, next_action: null };

function routes(confirmAnswers: StubAnswer[]): StubRoute[] {
  let isSaved = false;
  let attempt = 0;
  return [
    { method: 'POST', path: `${API}/payment-method`, respond: { body: setup } },
    {
      method: 'POST',
      path: '/payment-kit/api/test-card/payment-intents/pi_setup/confirm',
      respond: () => {
        const answer = confirmAnswers[Math.min(attempt++, confirmAnswers.length - 1)]!;
        if (answer.status === undefined) isSaved = true;
        return answer;
      },
    },
    {
      method: 'POST',
      path: '/payment-kit/api/test-card/payment-intents/pi_setup/authenticate',
      respond: () => {
        isSaved = true;
        return { body: saved };
      },
    },
    {
      method: 'GET',
      path: API,
      respond: () => ({
        body: { ...active, payment_card: isSaved ? { brand: 'visa', last4: '3155' } : active.payment_card },
      }),
    },
  ];
}

async function enterCard(user: ReturnType<typeof userEvent.setup>, number: string, save: string) {
  const dialog = screen.getByRole('dialog');
  const cardNumber = await within(dialog).findByRole('textbox', { name: /Card number|卡号/ }, SLOW);
  await user.clear(cardNumber);
  await user.type(cardNumber, number);
  await user.type(within(dialog).getByRole('textbox', { name: /MM \/ YY|月 \/ 年/ }), '1234');
  await user.type(within(dialog).getByRole('textbox', { name: /CVC|安全码/ }), '123');
  await user.click(within(dialog).getByRole('button', { name: save }));
}

describe('ChangeCardDialog', () => {
  it.each([
    [
      'en',
      'Change payment method',
      /Open and past-due invoices stay/,
      'Save card',
      'Your new card ending in 3155 is saved.',
    ],
    ['zh', '更改支付方式', /未结清和逾期的账单仍使用/, '保存银行卡', '尾号为 3155 的新卡已保存。'],
  ])(
    'saves a card that needs authentication for future invoices (%s)',
    async (locale, open, notice, save, done) => {
      const user = userEvent.setup();
      const { calls } = renderWithPayment(<SubscriptionActions subscription={active} />, {
        routes: routes([
          {
            body: {
              paymentIntent: { ...setupIntent, status: 'requires_action' },
              next_action: { type: 'authenticate' },
            },
          },
        ]),
        locale,
      });
      await user.click(screen.getByRole('button', { name: open }));
      expect(within(screen.getByRole('dialog', { name: open })).getByText(notice)).toBeTruthy();
      await enterCard(user, '4000002500003155', save);
      const approve = await screen.findByRole('button', { name: /Complete authentication|完成验证/ }, SLOW);
      await user.click(approve);

      expect(await screen.findByText(done, {}, SLOW)).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      const start = calls.find((call) => call.url.pathname.endsWith('/payment-method'))!;
      expect(start.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
      expect(calls.find((call) => call.url.pathname.endsWith('/confirm'))!.body).toMatchObject({
        client_secret: 'pi_setup_secret',
        card: { number: '4000002500003155' },
      });
    },
  );

  it('keeps the dialog open on a declined card and takes another', async () => {
    const user = userEvent.setup();
    renderWithPayment(<SubscriptionActions subscription={active} />, {
      routes: routes([
        { status: 402, body: { error: { code: 'card_declined', message: 'Your card was declined.' } } },
        { body: saved },
      ]),
    });
    await user.click(screen.getByRole('button', { name: 'Change payment method' }));
    await enterCard(user, '4000000000000002', 'Save card');
    expect(await screen.findByText('Your card was declined.', {}, SLOW)).toBeTruthy();
    await enterCard(user, '4242424242424242', 'Save card');
    expect(await screen.findByText('Your new card ending in 3155 is saved.', {}, SLOW)).toBeTruthy();
  });
});
