import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { StubAnswer, StubRoute } from '../test-utils/fetch-stub.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import {
  makePlanChangePreview,
  makePlanOption,
  makeSubscription,
  SUBSCRIBED_AT,
} from '../test-utils/subscription-builders.ts';
import { SubscriptionActions } from './subscription-actions.tsx';

const SLOW = { timeout: 3_000 };
const DAY = 86_400;
const API = '/payment-kit/api/subscriptions/sub_1';
const active = makeSubscription({ status: 'active', trial_start: null, trial_end: null });
const yearly = makePlanOption();
const pro = makePlanOption(
  {
    id: 'price_pro',
    nickname: 'Pro',
    recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
  },
  '1999',
);

function routes(change: StubAnswer, options: StubAnswer = { body: [pro, yearly] }): StubRoute[] {
  return [
    { method: 'GET', path: `${API}/change-plan/options`, respond: options },
    {
      method: 'POST',
      path: `${API}/change-plan/preview`,
      respond: (request) => ({
        body: makePlanChangePreview({ price_id: (request.body as { price_id: string }).price_id }),
      }),
    },
    { method: 'PUT', path: `${API}/change-plan`, respond: change },
  ];
}

const changed = {
  subscription: {
    ...active,
    items: [{ ...active.items[0]!, price_id: yearly.price.id, price: yearly.price }],
  },
  invoice: null,
};

async function reviewYearly(
  user: ReturnType<typeof userEvent.setup>,
  labels = { open: 'Change plan', review: 'Review' },
) {
  await user.click(screen.getByRole('button', { name: labels.open }));
  const dialog = await screen.findByRole('dialog', {}, SLOW);
  await user.click(await within(dialog).findByRole('radio', { name: /per year|每年/ }, SLOW));
  await user.click(within(dialog).getByRole('button', { name: labels.review }));
  return dialog;
}

describe('ChangePlanDialog', () => {
  it('lists the plans with price and period, then the preview, and changes once confirmed', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithPayment(<SubscriptionActions subscription={active} />, {
      routes: routes({ body: changed }),
    });
    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change plan' }, SLOW);
    expect(within(dialog).getByText('Current plan: Bazaar Club membership · $9.99 per month')).toBeTruthy();
    expect(await within(dialog).findByText('$19.99 per month', {}, SLOW)).toBeTruthy();
    expect(within(dialog).getByText('Bazaar Club membership · Pro')).toBeTruthy();
    expect(within(dialog).getByText('$99.99 per year')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Review' }).hasAttribute('disabled')).toBe(true);

    await user.click(within(dialog).getByRole('radio', { name: /per year/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    const review = await within(dialog).findByTestId('plan-change-review', {}, SLOW);
    const rows = [
      ['Bazaar Club membership until 2027-02-14', '$15.00'],
      ['Credit for unused time', '-$5.00'],
      ['Amount due today', '$10.00'],
      ['Next invoice on 2027-02-14', '$99.99'],
    ];
    for (const [label, amount] of rows) {
      const row = within(review).getByText(label!).parentElement!;
      expect(within(row).getByText(amount!)).toBeTruthy();
    }
    expect(within(review).queryByText('Credit from your balance')).toBeNull();
    expect(within(review).queryByText('Credit kept for later invoices')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Confirm and pay $10.00' }));
    expect(
      await screen.findByText('Your plan is now Bazaar Club membership · $99.99 per year.', {}, SLOW),
    ).toBeTruthy();
    const change = calls.find((call) => call.method === 'PUT')!;
    expect(change.body).toEqual({ price_id: 'price_yearly' });
    expect(change.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the plan and says the upgrade failed when the card is declined; a retry reuses the key', async () => {
    const user = userEvent.setup();
    const declined = {
      status: 402,
      body: { error: { code: 'card_declined', message: 'Your card was declined.' } },
    };
    const { calls } = renderWithPayment(<SubscriptionActions subscription={active} />, {
      routes: routes(declined),
    });
    const dialog = await reviewYearly(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm and pay $10.00' }, SLOW));
    expect(await within(dialog).findByText('Failed to upgrade your subscription', {}, SLOW)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and pay $10.00' }));
    await within(dialog).findByText('Failed to upgrade your subscription', {}, SLOW);
    const keys = calls
      .filter((call) => call.method === 'PUT')
      .map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('says plan updates are not available when there is nothing to move to', async () => {
    const user = userEvent.setup();
    const unavailable = {
      status: 400,
      body: { error: { code: 'PLAN_CHANGE_UNAVAILABLE', message: 'Plan updates are not available' } },
    };
    renderWithPayment(<SubscriptionActions subscription={active} />, {
      routes: routes({ body: changed }, unavailable),
      locale: 'zh',
    });
    await user.click(screen.getByRole('button', { name: '更改套餐' }));
    expect(await screen.findByText('无法更新套餐', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '查看变更' })).toBeNull();
  });

  it('shows the credit taken from the balance apart from the unused time', async () => {
    const user = userEvent.setup();
    const preview = makePlanChangePreview({ applied_credit: '700', amount_due_today: '800' });
    renderWithPayment(<SubscriptionActions subscription={active} />, {
      routes: [
        ...routes({ body: changed }).filter((route) => route.method !== 'POST'),
        { method: 'POST', path: `${API}/change-plan/preview`, respond: { body: preview } },
      ],
    });
    const dialog = await reviewYearly(user);
    const review = await within(dialog).findByTestId('plan-change-review', {}, SLOW);
    const row = (label: string) => within(within(review).getByText(label).parentElement!);
    expect(row('Credit for unused time').getByText('-$5.00')).toBeTruthy();
    expect(row('Credit from your balance').getByText('-$2.00')).toBeTruthy();
    expect(row('Amount due today').getByText('$8.00')).toBeTruthy();
  });

  it.each([
    ['en', 'Credit kept for later invoices', 'Confirm change', 'Your billing period starts again today.'],
    ['zh', '保留用于后续账单的余额', '确认更改', '您的计费周期将从今天重新开始。'],
  ])(
    'shows credit left over and a restarted period, nothing to pay (%s)',
    async (locale, kept, confirm, restart) => {
      const user = userEvent.setup();
      const preview = makePlanChangePreview({
        amount_due_today: '0',
        applied_credit: '1500',
        unused_credit: '2500',
        new_credit: '1000',
        period_start: SUBSCRIBED_AT + 10 * DAY,
      });
      renderWithPayment(<SubscriptionActions subscription={active} />, {
        routes: [
          ...routes({ body: changed }).filter((route) => route.method !== 'POST'),
          { method: 'POST', path: `${API}/change-plan/preview`, respond: { body: preview } },
        ],
        locale,
      });
      const labels =
        locale === 'en'
          ? { open: 'Change plan', review: 'Review' }
          : { open: '更改套餐', review: '查看变更' };
      const dialog = await reviewYearly(user, labels);
      const review = await within(dialog).findByTestId('plan-change-review', {}, SLOW);
      expect(within(within(review).getByText(kept).parentElement!).getByText('$10.00')).toBeTruthy();
      expect(within(review).getByText(restart)).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: confirm })).toBeTruthy();
    },
  );
});
