import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Invoice, Subscription } from '@bazaar/schemas';
import { makePrice } from '../test-utils/checkout-builders.ts';
import type { StubRoute } from '../test-utils/fetch-stub.ts';
import { makeInvoice, makeRefund } from '../test-utils/invoice-builders.ts';
import { renderWithPayment, TEST_API_BASE } from '../test-utils/render-checkout.tsx';
import {
  makeSubscription,
  makeSubscriptionItem,
  SUBSCRIBED_AT,
} from '../test-utils/subscription-builders.ts';
import { SubscriptionDetail } from './subscription-detail.tsx';

const SLOW = { timeout: 3_000 };
const DAY = 86_400;
const trialInvoice = makeInvoice({
  id: 'in_trial',
  number: 'BZR-0007',
  billing_reason: 'subscription_create',
  subscription_id: 'sub_1',
  total: '0',
  created_at: SUBSCRIBED_AT,
});

function routes(subscription: Subscription | { status: number; body: unknown }, invoices: Invoice[] = []) {
  const answer = 'object' in subscription ? { body: subscription } : subscription;
  return [
    { method: 'GET', path: '/payment-kit/api/subscriptions/sub_1', respond: answer },
    {
      method: 'GET',
      path: '/payment-kit/api/invoices',
      respond: { body: { list: invoices, count: invoices.length } },
    },
  ] satisfies StubRoute[];
}

describe('SubscriptionDetail', () => {
  it.each([
    ['en', 'Trialing', 'Trial ends 2027-01-22', 'per month', 'Visa •••• 4242', 'Paid'],
    ['zh', '试用中', '试用于 2027-01-22 结束', '每月', 'Visa •••• 4242', '已支付'],
  ])('shows a trial: status, plan, trial end, period, card and invoices (%s)', async (...expected) => {
    const [locale, status, trialEnds, perMonth, card, paid] = expected;
    const { calls } = renderWithPayment(<SubscriptionDetail id="sub_1" />, {
      routes: routes(makeSubscription(), [trialInvoice]),
      locale,
    });
    const title = await screen.findByRole('heading', { name: 'Bazaar Club membership' }, SLOW);
    expect(title).toBeTruthy();
    expect(screen.getByText(status)).toBeTruthy();
    expect(screen.getByText(trialEnds)).toBeTruthy();
    expect(screen.getByText('$9.99')).toBeTruthy();
    expect(screen.getByText(perMonth)).toBeTruthy();
    expect(screen.getByText('2027-01-15 – 2027-01-22')).toBeTruthy();
    expect(screen.getByText(card)).toBeTruthy();

    const invoiceLink = await screen.findByRole('link', { name: /BZR-0007/ }, SLOW);
    expect(invoiceLink.getAttribute('href')).toBe(`${TEST_API_BASE}/customer/invoice/in_trial`);
    const row = invoiceLink.closest('li')!;
    expect(within(row as HTMLElement).getByText('$0.00')).toBeTruthy();
    expect(within(row as HTMLElement).getByText(paid)).toBeTruthy();
    // The subscription's own mode, whatever the page's: a test subscription lists test invoices.
    const listCall = calls.find((call) => call.url.pathname === '/payment-kit/api/invoices');
    expect(Object.fromEntries(listCall!.url.searchParams)).toMatchObject({
      subscription_id: 'sub_1',
      livemode: 'false',
    });
  });

  it('shows an active plan with its next invoice, a metered item per unit, and the status colour', async () => {
    const metered = makeSubscriptionItem({
      id: 'si_2',
      price: makePrice({
        id: 'price_calls',
        type: 'recurring',
        unit_amount: '5',
        recurring: { interval: 'month', interval_count: 1, usage_type: 'metered' },
        product: { ...makePrice().product, name: 'API calls' },
      }),
    });
    const active = makeSubscription({
      status: 'past_due',
      trial_start: null,
      trial_end: null,
      current_period_end: SUBSCRIBED_AT + 31 * DAY,
      items: [makeSubscriptionItem({ quantity: 2 }), metered],
    });
    renderWithPayment(<SubscriptionDetail id="sub_1" />, { routes: routes(active) });
    expect(await screen.findByText('Next invoice 2027-02-15', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bazaar Club membership and 1 more' })).toBeTruthy();
    expect(screen.getByText('$19.98')).toBeTruthy();
    expect(screen.getByText('Qty 2 · $9.99 each')).toBeTruthy();
    expect(screen.getByText('$0.05 / unit')).toBeTruthy();
    expect(screen.getByText('per month · based on usage')).toBeTruthy();
    expect(screen.getByText('Past due').closest('.MuiChip-root')?.className).toContain('MuiChip-colorError');
    expect(screen.getByRole('alert').textContent).toBe('Failed to renew the subscription');
    expect(await screen.findByText('No invoices yet.', {}, SLOW)).toBeTruthy();
  });

  it('names the wallet a chain subscription is collected from', async () => {
    const chain = makeSubscription({
      payment_card: null,
      payer_address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    });
    renderWithPayment(<SubscriptionDetail id="sub_1" />, { routes: routes(chain) });
    expect(
      await screen.findByText('Wallet 0x7099…79C8 (renewals are collected from its approval)', {}, SLOW),
    ).toBeTruthy();
  });

  it('leaves a place for the subscription actions a host renders', async () => {
    renderWithPayment(
      <SubscriptionDetail
        id="sub_1"
        renderActions={(subscription) => <button>Cancel {subscription.id}</button>}
      />,
      { routes: routes(makeSubscription()) },
    );
    expect(await screen.findByRole('button', { name: 'Cancel sub_1' }, SLOW)).toBeTruthy();
  });

  it('asks a signed-out visitor to sign in, and says why another answer failed', async () => {
    const unauthenticated = { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } } };
    const view = renderWithPayment(<SubscriptionDetail id="sub_1" />, { routes: routes(unauthenticated) });
    expect(await screen.findByText('Login to access this page', {}, SLOW)).toBeTruthy();
    view.unmount();

    const missing = {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'No such subscription: sub_1' } },
    };
    renderWithPayment(<SubscriptionDetail id="sub_1" />, { routes: routes(missing) });
    expect(await screen.findByText('Oops', {}, SLOW)).toBeTruthy();
  });

  it.each([
    ['en', 'Refunded $5.00'],
    ['zh', '已退款 $5.00'],
  ])(
    'says under an invoice what was refunded of it, counting only refunds that went through (%s)',
    async (locale, refunded) => {
      const renewal = makeInvoice({
        id: 'in_renewal',
        number: 'BZR-0008',
        subscription_id: 'sub_1',
        refunds: [makeRefund(), makeRefund({ id: 're_2', status: 'failed', amount: '300' })],
      });
      renderWithPayment(<SubscriptionDetail id="sub_1" />, {
        routes: routes(makeSubscription(), [renewal, trialInvoice]),
        locale,
      });
      const row = (await screen.findByRole('link', { name: /BZR-0008/ }, SLOW)).closest('li') as HTMLElement;
      expect(within(row).getByText(refunded)).toBeTruthy();
      const trialRow = screen.getByRole('link', { name: /BZR-0007/ }).closest('li') as HTMLElement;
      expect(trialRow.textContent).not.toMatch(/Refunded|已退款/);
    },
  );
});
