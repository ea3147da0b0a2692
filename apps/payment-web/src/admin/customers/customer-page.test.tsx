import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import {
  ABT,
  makeCustomerDetails,
  makeInvoice,
  makePayment,
  makeRefund,
  makeSubscription,
  MIDDAY,
  USD,
} from '../test-utils/customer-builders.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 3_000 };
const api = createAdminApiStub();
const CUSTOMER = '/payment-kit/api/customers/cus_1';
/** Far beyond 2^53 in the smallest unit: a JS number would lose its last digits. */
const LARGE_ABT = '123456789012345678901234567890';

function section(name: string) {
  return screen.getByRole('region', { name });
}

beforeAll(() => api.install());
beforeEach(() => api.reset(USERS.admin));

describe('CustomerPage', () => {
  it('shows the customer and everything they own, amounts exact', async () => {
    api.on('GET', CUSTOMER, {
      body: makeCustomerDetails({
        test_clock_id: 'clock_1',
        subscriptions: { list: [makeSubscription()], count: 3 },
        invoices: {
          list: [
            makeInvoice(),
            makeInvoice({ id: 'in_2', number: 'BZR-0002', status: 'open', currency: ABT, total: LARGE_ABT }),
          ],
          count: 2,
        },
        payments: { list: [makePayment({ amount: '1999' })], count: 1 },
        refunds: { list: [makeRefund({ amount: '500' })], count: 1 },
        credit: [
          { currency_id: USD.id, amount: '250', currency: USD },
          { currency_id: ABT.id, amount: LARGE_ABT, currency: ABT },
        ],
        test_clock: {
          id: 'clock_1',
          object: 'test_clock',
          name: 'Renewal rehearsal',
          frozen_time: MIDDAY,
          livemode: false,
          created_at: MIDDAY,
        },
      }),
    });
    renderAdmin('/admin/customers/cus_1');
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' }, SLOW)).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();

    const subscriptions = section('Subscriptions');
    expect(within(subscriptions).getByText('3')).toBeTruthy();
    const subscription = within(subscriptions).getByRole('link', { name: 'Bazaar Club membership' });
    expect(subscription.getAttribute('href')).toBe('/admin/subscriptions/sub_1');
    expect(within(subscriptions).getByText('Active')).toBeTruthy();
    expect(within(subscriptions).getByText('Period ends 2027-02-15')).toBeTruthy();

    const invoices = section('Invoices');
    expect(within(invoices).getByText('$19.99')).toBeTruthy();
    expect(within(invoices).getByText('123,456,789,012.345678 ABT')).toBeTruthy();
    expect(within(invoices).getByText('Open')).toBeTruthy();
    expect(within(invoices).getByRole('link', { name: 'BZR-0002' }).getAttribute('href')).toBe(
      '/admin/invoices/in_2',
    );
    const pdf = within(invoices).getByRole('link', { name: 'Download invoice BZR-0002 as PDF' });
    expect(new URL(pdf.getAttribute('href')!).pathname).toBe('/payment-kit/api/invoices/in_2/pdf');

    expect(within(section('Payments')).getByText('$19.99')).toBeTruthy();
    expect(within(section('Payments')).getByText('Paid')).toBeTruthy();
    expect(within(section('Payments')).getByRole('link', { name: '$19.99' }).getAttribute('href')).toBe(
      '/admin/payments/pi_1',
    );
    expect(within(section('Refunds')).getByRole('link', { name: '$5.00' }).getAttribute('href')).toBe(
      '/admin/payments/pi_1',
    );
    expect(within(section('Refunds')).getByText('Refunded')).toBeTruthy();

    const credit = section('Credit balance');
    expect(within(credit).getByText('$2.50')).toBeTruthy();
    expect(within(credit).getByText('123,456,789,012.345678 ABT')).toBeTruthy();

    const clock = section('Test clock');
    expect(within(clock).getByRole('link', { name: 'Renewal rehearsal' }).getAttribute('href')).toBe(
      '/admin/test-clocks/clock_1',
    );
    expect(within(clock).getByText(/^Frozen at 2027-01-15/)).toBeTruthy();
  });

  it.each([
    [
      'en',
      ['No subscriptions', 'No invoices', 'No payments', 'No refunds', 'No credit', 'Not on a test clock'],
    ],
    ['zh', ['没有订阅', '没有账单', '没有付款', '没有退款', '没有信用余额', '未使用测试时钟']],
  ] as const)('says so where a customer owns nothing (%s)', async (locale, emptyTexts) => {
    api.on('GET', CUSTOMER, { body: makeCustomerDetails() });
    renderAdmin('/admin/customers/cus_1', { locale });
    expect(await screen.findByText(emptyTexts[0], undefined, SLOW)).toBeTruthy();
    for (const text of emptyTexts) expect(screen.getByText(text)).toBeTruthy();
  });

  it('says there is no such customer when the server answers 404', async () => {
    renderAdmin('/admin/customers/cus_missing');
    expect(await screen.findByText('There is no such customer in this mode.', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Ada Lovelace' })).toBeNull();
  });
});
