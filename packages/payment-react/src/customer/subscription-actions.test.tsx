import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Subscription } from '@bazaar/schemas';
import type { StubRoute } from '../test-utils/fetch-stub.ts';
import { renderWithPayment } from '../test-utils/render-checkout.tsx';
import { makeSubscription, SUBSCRIBED_AT } from '../test-utils/subscription-builders.ts';
import { SubscriptionActions } from './subscription-actions.tsx';
import { SubscriptionDetail } from './subscription-detail.tsx';

const SLOW = { timeout: 3_000 };
const DAY = 86_400;
const API = '/payment-kit/api/subscriptions/sub_1';
const active = makeSubscription({
  status: 'active',
  trial_start: null,
  trial_end: null,
  current_period_end: SUBSCRIBED_AT + 31 * DAY,
});

/** The subscription page with the actions in its slot; `changed` is what the server answers an action. */
function renderPage(subscription: Subscription, action: StubRoute, locale = 'en') {
  let current = subscription;
  const routes: StubRoute[] = [
    { method: 'GET', path: API, respond: () => ({ body: current }) },
    { method: 'GET', path: '/payment-kit/api/invoices', respond: { body: { list: [], count: 0 } } },
    {
      ...action,
      respond: (request) => {
        const answer = typeof action.respond === 'function' ? action.respond(request) : action.respond;
        if (!Array.isArray(answer) && (answer.status ?? 200) === 200) current = answer.body as Subscription;
        return Array.isArray(answer) ? answer[0]! : answer;
      },
    },
  ];
  return renderWithPayment(
    <SubscriptionDetail id="sub_1" renderActions={(shown) => <SubscriptionActions subscription={shown} />} />,
    { routes, locale },
  );
}

describe('SubscriptionActions', () => {
  it.each([
    ['en', ['Change plan', 'Change payment method', 'Cancel subscription']],
    ['zh', ['更改套餐', '更改支付方式', '取消订阅']],
  ])('offers an active subscription its actions (%s)', async (locale, labels) => {
    renderWithPayment(<SubscriptionActions subscription={active} />, { routes: [], locale });
    const section = await screen.findByRole('region', {
      name: locale === 'en' ? 'Manage subscription' : '管理订阅',
    });
    const buttons = within(section)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual(labels);
  });

  it('cancels at the end of the period with the reason, then offers to resume', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(active, {
      method: 'PUT',
      path: `${API}/cancel`,
      respond: { body: { ...active, cancel_at_period_end: true, canceled_at: SUBSCRIBED_AT + DAY } },
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }, SLOW));
    const dialog = screen.getByRole('dialog', { name: 'Cancel subscription' });
    expect(within(dialog).getByText(/stays active until 2027-02-15, then ends/)).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'It’s too expensive' }));
    await user.type(within(dialog).getByRole('textbox'), 'Cheaper elsewhere');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText(/ends on 2027-02-15. Resume it/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const cancel = calls.find((call) => call.url.pathname.endsWith('/cancel'))!;
    expect(cancel.body).toEqual({ feedback: 'too_expensive', comment: 'Cheaper elsewhere' });
    expect(screen.getByRole('button', { name: 'Resume subscription' })).toBeTruthy();
  });

  it('warns that a free trial ends at once (zh)', async () => {
    const user = userEvent.setup();
    const trialing = makeSubscription();
    const { calls } = renderPage(
      trialing,
      {
        method: 'PUT',
        path: `${API}/cancel`,
        respond: {
          body: { ...trialing, status: 'canceled', ended_at: SUBSCRIBED_AT, canceled_at: SUBSCRIBED_AT },
        },
      },
      'zh',
    );
    await user.click(await screen.findByRole('button', { name: '取消订阅' }, SLOW));
    const dialog = screen.getByRole('dialog', { name: '取消订阅' });
    expect(within(dialog).getByText(/免费试用将立即结束/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: '确认取消' }));
    expect(await screen.findByText('已取消', {}, SLOW)).toBeTruthy();
    expect(calls.find((call) => call.url.pathname.endsWith('/cancel'))!.body).toEqual({});
    expect(screen.queryByRole('button', { name: '取消订阅' })).toBeNull();
  });

  it('resumes a pending cancellation and says when it renews', async () => {
    const user = userEvent.setup();
    const pending = { ...active, cancel_at_period_end: true };
    renderPage(pending, { method: 'PUT', path: `${API}/resume`, respond: { body: active } });
    await user.click(await screen.findByRole('button', { name: 'Resume subscription' }, SLOW));
    expect(
      await screen.findByText('Resumed: your subscription renews on 2027-02-15.', {}, SLOW),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resume subscription' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
  });

  it('shows why a resume was refused', async () => {
    const user = userEvent.setup();
    renderPage(
      { ...active, cancel_at_period_end: true },
      {
        method: 'PUT',
        path: `${API}/resume`,
        respond: { status: 409, body: { error: { code: 'SUBSCRIPTION_UNEXPECTED_STATE', message: 'No' } } },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Resume subscription' }, SLOW));
    expect(await screen.findByText(/cannot do that right now/, {}, SLOW)).toBeTruthy();
  });
});
