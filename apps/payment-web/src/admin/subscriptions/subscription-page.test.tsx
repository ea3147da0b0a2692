import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeRelay } from '@bazaar/payment-react/testing';
import type { ListedSubscription } from '@bazaar/schemas';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { makeInvoice, MIDDAY } from '../test-utils/customer-builders.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';
import {
  makeListedSubscription,
  makePlanChangePreview,
  makePlanOption,
} from '../test-utils/subscription-builders.ts';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 10_000 };
const DAY = 86_400;
const api = createAdminApiStub();
const SUBSCRIPTION = '/payment-kit/api/subscriptions/sub_1';
const INVOICES = '/payment-kit/api/invoices';

/** The subscription the server holds; an action's handler changes it, as the server would. */
let current: ListedSubscription;

function answerSubscription() {
  api.on('GET', SUBSCRIPTION, () => ({ body: current }));
}

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  current = makeListedSubscription();
  answerSubscription();
  api.on('GET', INVOICES, {
    body: {
      list: [makeInvoice({ subscription_id: 'sub_1', billing_reason: 'subscription_create' })],
      count: 1,
    },
  });
});

afterEach(() => vi.unstubAllGlobals());

async function openPage(path = '/admin/subscriptions/sub_1', options: { withRelay?: boolean } = {}) {
  const user = userEvent.setup();
  renderAdmin(path, options);
  await screen.findByRole('heading', { name: /Bazaar Club membership/, level: 1 }, SLOW);
  return user;
}

const subscriptionReads = () => api.sent('GET', SUBSCRIPTION).length;

describe('SubscriptionPage', () => {
  it('shows whose it is, its items, periods, payment method, invoices and test clock', async () => {
    current = makeListedSubscription({
      status: 'trialing',
      trial_start: MIDDAY,
      trial_end: MIDDAY + 14 * DAY,
      test_clock_id: 'clock_1',
    });
    api.on('GET', '/payment-kit/api/test-clocks/clock_1', {
      body: {
        id: 'clock_1',
        object: 'test_clock',
        name: 'Renewal rehearsal',
        frozen_time: MIDDAY,
        livemode: false,
        created_at: MIDDAY,
        status: 'ready',
        customer_count: 1,
        advance: null,
        customers: [{ id: 'cus_1', name: 'Ada Lovelace', email: 'ada@example.com' }],
      },
    });
    await openPage();
    expect(screen.getByText('Trialing')).toBeTruthy();
    const customer = screen.getByRole('link', { name: 'Ada Lovelace' });
    expect(customer.getAttribute('href')).toBe('/admin/customers/cus_1');
    expect(screen.getByText('$9.99 per month')).toBeTruthy();
    expect(screen.getByText('2027-01-15 – 2027-02-15')).toBeTruthy();
    expect(screen.getByText('2027-01-15 – 2027-01-29')).toBeTruthy();
    expect(screen.getByText('Visa •••• 4242')).toBeTruthy();
    const clock = await screen.findByRole(
      'link',
      { name: 'Renewal rehearsal · frozen at 2027-01-15 12:00' },
      SLOW,
    );
    expect(clock.getAttribute('href')).toBe('/admin/test-clocks/clock_1');

    const invoices = await screen.findByRole('region', { name: 'Invoices' }, SLOW);
    expect(within(invoices).getByRole('link', { name: 'BZR-0001' }).getAttribute('href')).toBe(
      '/admin/invoices/in_1',
    );
    expect(Object.fromEntries(api.sent('GET', INVOICES)[0]!.query)).toMatchObject({
      subscription_id: 'sub_1',
      livemode: 'false',
    });
    // A trial ends at once when canceled: no "at period end" for it.
    expect(screen.getByRole('button', { name: 'Change plan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel now' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel at period end' })).toBeNull();
  });

  it('cancels at period end with the reason given, and shows when it ends', async () => {
    api.on('PUT', `${SUBSCRIPTION}/cancel`, () => {
      current = { ...current, cancel_at_period_end: true, canceled_at: MIDDAY };
      return { body: current };
    });
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: 'Cancel at period end' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel at period end' });
    expect(within(dialog).getByText(/stays active until 2027-02-15/)).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason the customer gave (optional)' }));
    await user.click(await screen.findByRole('option', { name: 'Too expensive' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), ' Asked by email ');
    const reads = subscriptionReads();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel at period end' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('PUT', `${SUBSCRIPTION}/cancel`).map((request) => request.body)).toEqual([
      { at: 'period_end', feedback: 'too_expensive', comment: 'Asked by email' },
    ]);
    expect(subscriptionReads()).toBeGreaterThan(reads);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Cancels on 2027-02-15');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel at period end' })).toBeNull();
  });

  it('cancels now, and keeps the dialog open with the server’s words when it refuses', async () => {
    api.on('PUT', `${SUBSCRIPTION}/cancel`, {
      status: 409,
      body: {
        error: { code: 'SUBSCRIPTION_UNEXPECTED_STATE', message: 'The subscription changed meanwhile' },
      },
    });
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: 'Cancel now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel now' });
    expect(within(dialog).getByText(/ends now/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel now' }));

    expect(await within(dialog).findByText(/cannot do that right now/)).toBeTruthy();
    expect(api.sent('PUT', `${SUBSCRIPTION}/cancel`).map((request) => request.body)).toEqual([{ at: 'now' }]);
    expect(within(dialog).getByRole('button', { name: 'Cancel now' }).hasAttribute('disabled')).toBe(false);

    api.on('PUT', `${SUBSCRIPTION}/cancel`, () => {
      current = { ...current, status: 'canceled', canceled_at: MIDDAY, ended_at: MIDDAY };
      return { body: current };
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Canceled on 2027-01-15')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel now' })).toBeNull();
  });

  it('resumes a pending cancellation', async () => {
    current = makeListedSubscription({ cancel_at_period_end: true, canceled_at: MIDDAY });
    api.on('PUT', `${SUBSCRIPTION}/resume`, () => {
      current = { ...current, cancel_at_period_end: false, canceled_at: null };
      return { body: current };
    });
    const user = await openPage();
    expect(screen.getByRole('alert').textContent).toBe('Cancels on 2027-02-15');
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resume' });
    expect(within(dialog).getByText(/renews on 2027-02-15/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Resume' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('PUT', `${SUBSCRIPTION}/resume`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('button', { name: 'Cancel at period end' })).toBeTruthy();
  });

  it('changes the plan for the customer after showing the proration the server previews', async () => {
    const yearly = makePlanOption('9999');
    api.on('GET', `${SUBSCRIPTION}/change-plan/options`, { body: [yearly] });
    api.on('POST', `${SUBSCRIPTION}/change-plan/preview`, {
      body: makePlanChangePreview({ applied_credit: '700', new_credit: '250' }),
    });
    api.on('PUT', `${SUBSCRIPTION}/change-plan`, () => {
      current = {
        ...current,
        items: [{ ...current.items[0]!, price_id: yearly.price.id, price: yearly.price }],
      };
      return { body: { subscription: current, invoice: null } };
    });
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change plan' });
    await user.click(await within(dialog).findByRole('radio', { name: /\$99\.99 per year/ }, SLOW));
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));

    const review = await within(dialog).findByTestId('plan-change-review', {}, SLOW);
    expect(api.sent('POST', `${SUBSCRIPTION}/change-plan/preview`).map((request) => request.body)).toEqual([
      { price_id: 'price_yearly' },
    ]);
    const figure = (label: string) => within(review).getByText(label).parentElement!.textContent;
    expect(figure('Credit for unused time')).toBe('Credit for unused time-$5.00');
    expect(figure('Credit from the customer’s balance')).toBe('Credit from the customer’s balance-$2.00');
    expect(figure('Amount due today')).toBe('Amount due today$10.00');
    expect(figure('Credit kept for later invoices')).toBe('Credit kept for later invoices$2.50');
    expect(figure('Next invoice on 2028-01-15')).toBe('Next invoice on 2028-01-15$99.99');

    const reads = subscriptionReads();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and charge $10.00' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [change] = api.sent('PUT', `${SUBSCRIPTION}/change-plan`);
    expect(change!.body).toEqual({ price_id: 'price_yearly' });
    await waitFor(() => expect(subscriptionReads()).toBeGreaterThan(reads));
    expect(
      await screen.findByRole('heading', { name: /Bazaar Club membership · Yearly/, level: 1 }),
    ).toBeTruthy();
  });

  it('says the declined card kept the plan', async () => {
    api.on('GET', `${SUBSCRIPTION}/change-plan/options`, { body: [makePlanOption()] });
    api.on('POST', `${SUBSCRIPTION}/change-plan/preview`, { body: makePlanChangePreview() });
    api.on('PUT', `${SUBSCRIPTION}/change-plan`, {
      status: 402,
      body: { error: { code: 'card_declined', message: 'Your card was declined.' } },
    });
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change plan' });
    await user.click(await within(dialog).findByRole('radio', { name: /per year/ }, SLOW));
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm and charge $10.00' }, SLOW));
    expect(
      await within(dialog).findByText('The customer’s card was declined; the plan was not changed.'),
    ).toBeTruthy();
  });

  it('reads the subscription and its invoices again when the relay tells of a renewal', async () => {
    const relay = installFakeRelay();
    await openPage('/admin/subscriptions/sub_1', { withRelay: true });
    await screen.findByRole('link', { name: 'BZR-0001' }, SLOW);
    current = makeListedSubscription({
      current_period_start: MIDDAY + 31 * DAY,
      current_period_end: MIDDAY + 59 * DAY,
    });
    api.on('GET', INVOICES, {
      body: {
        list: [makeInvoice({ id: 'in_2', number: 'BZR-0002', subscription_id: 'sub_1' }), makeInvoice()],
        count: 2,
      },
    });
    // Another object's event reads nothing; the renewal's invoice reads the page again.
    relay.deliver({ type: 'customer.created', data: { id: 'cus_9' } });
    relay.deliver({
      type: 'invoice.created',
      data: { id: 'in_2', customer_id: 'cus_1', subscription_id: 'sub_1' },
    });
    expect(await screen.findByText('2027-02-15 – 2027-03-15', {}, SLOW)).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'BZR-0002' }, SLOW)).toBeTruthy();
  });

  it('says when there is no such subscription', async () => {
    api.on('GET', '/payment-kit/api/subscriptions/sub_missing', {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'subscription sub_missing not found' } },
    });
    renderAdmin('/admin/subscriptions/sub_missing');
    expect(await screen.findByText('There is no such subscription in this mode.', {}, SLOW)).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    renderAdmin('/admin/subscriptions/sub_1', { locale: 'zh' });
    expect(await screen.findByRole('button', { name: '本期结束时取消' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即取消' })).toBeTruthy();
    expect(screen.getByText('顾客', { selector: 'dt' })).toBeTruthy();
  });
});
