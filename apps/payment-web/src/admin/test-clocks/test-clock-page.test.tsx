import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminTestClockDetails } from '@bazaar/schemas';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { makeAdminCustomer, makeInvoice, MIDDAY } from '../test-utils/customer-builders.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';

/** The first render loads the dashboard's lazy chunks; an advance is read again every second. */
const SLOW = { timeout: 8_000 };
const DAY = 86_400;
const api = createAdminApiStub();
const CLOCK = '/payment-kit/api/test-clocks/clock_1';

function makeClock(overrides: Partial<AdminTestClockDetails> = {}): AdminTestClockDetails {
  return {
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
    ...overrides,
  };
}

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', '/payment-kit/api/test-clocks/clock_1/invoices', { body: { list: [], count: 0 } });
  api.on('GET', '/payment-kit/api/customers', { body: { list: [], count: 0 } });
});

describe('TestClockPage', () => {
  it(
    'shows the clock and its customers, and attaches a customer found by search',
    { timeout: 15_000 },
    async () => {
      let clock = makeClock();
      api.on('GET', CLOCK, () => ({ body: clock }));
      api.on('GET', '/payment-kit/api/customers', ({ query }) => ({
        body:
          query.get('q') === 'grace'
            ? {
                list: [makeAdminCustomer({ id: 'cus_2', name: 'Grace Hopper', email: 'grace@example.com' })],
                count: 1,
              }
            : { list: [], count: 0 },
      }));
      api.on('POST', `${CLOCK}/customers`, () => {
        clock = makeClock({
          customer_count: 2,
          customers: [...clock.customers, { id: 'cus_2', name: 'Grace Hopper', email: 'grace@example.com' }],
        });
        return { body: { ...clock, customers: undefined } };
      });
      renderAdmin('/admin/test-clocks/clock_1');

      expect(await screen.findByRole('heading', { name: /Renewal rehearsal/ }, SLOW)).toBeTruthy();
      expect(screen.getByText('Ready')).toBeTruthy();
      // Frozen and created at the same moment.
      expect(screen.getAllByText(/^2027-01-15/)).toHaveLength(2);
      const customers = screen.getByRole('region', { name: 'Customers' });
      expect(within(customers).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
        '/admin/customers/cus_1',
      );

      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Find a test customer by name, email or DID'), 'grace');
      await user.click(await screen.findByRole('option', { name: 'Grace Hopper · grace@example.com' }, SLOW));
      await user.click(screen.getByRole('button', { name: 'Attach customer' }));
      expect(await screen.findByText('Grace Hopper now lives in this clock’s time.')).toBeTruthy();
      expect(api.sent('POST', `${CLOCK}/customers`).map((request) => request.body)).toEqual([
        { customer_id: 'cus_2' },
      ]);
      expect(await within(customers).findByRole('link', { name: 'Grace Hopper' })).toBeTruthy();
    },
  );

  it('advances a week on, shows the progress while it runs and the invoices it made', async () => {
    const target = MIDDAY + 7 * DAY;
    const advance = { from_time: MIDDAY, target_frozen_time: target, failure_message: null };
    let reads = 0;
    let isAdvanced = false;
    api.on('GET', CLOCK, () => {
      if (!isAdvanced) return { body: makeClock() };
      reads += 1;
      // Halfway on the first read after the request, there on the next.
      return reads === 1
        ? {
            body: makeClock({
              status: 'advancing',
              frozen_time: MIDDAY + 3.5 * DAY,
              advance: { ...advance, renewals: 1, payment_attempts: 1 },
            }),
          }
        : {
            body: makeClock({
              frozen_time: target,
              advance: { ...advance, renewals: 2, payment_attempts: 3 },
            }),
          };
    });
    api.on('POST', `${CLOCK}/advance`, () => {
      isAdvanced = true;
      return {
        body: {
          ...makeClock({ status: 'advancing', advance: { ...advance, renewals: 0, payment_attempts: 0 } }),
          customers: undefined,
        },
      };
    });
    api.on('GET', `${CLOCK}/invoices`, () => ({
      body: isAdvanced ? { list: [makeInvoice({ number: 'BZR-0007' })], count: 1 } : { list: [], count: 0 },
    }));
    renderAdmin('/admin/test-clocks/clock_1');

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Advance' }, SLOW));
    const dialog = screen.getByRole('dialog', { name: 'Advance the clock' });
    await user.click(within(dialog).getByRole('button', { name: '+1 week' }));
    await user.click(within(dialog).getByRole('button', { name: 'Advance' }));

    expect(await screen.findByRole('progressbar', { name: 'Latest advance' }, SLOW)).toBeTruthy();
    expect(await screen.findByText(/\(50%\)$/, undefined, SLOW)).toBeTruthy();
    expect(api.sent('POST', `${CLOCK}/advance`).map((request) => request.body)).toEqual([
      { frozen_time: target },
    ]);

    expect(await screen.findByText(/^The clock reached 2027-01-22/, undefined, SLOW)).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Latest advance' })).toBeNull();
    expect(screen.getByText('Renewals').nextSibling?.textContent).toBe('2');
    expect(screen.getByText('Payment attempts').nextSibling?.textContent).toBe('3');
    const invoices = await screen.findByRole('region', { name: 'Invoices made by this advance' }, SLOW);
    expect(within(invoices).getByRole('link', { name: 'BZR-0007' }).getAttribute('href')).toBe(
      '/admin/invoices/in_1',
    );
    // Ready again: no more reads every second.
    const settled = reads;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(reads).toBe(settled);
  }, 15_000);

  it('refuses a time before the clock’s own, and shows why the server refused or an advance failed', async () => {
    api.on('GET', CLOCK, {
      body: makeClock({
        status: 'internal_failure',
        frozen_time: MIDDAY + DAY,
        advance: {
          from_time: MIDDAY,
          target_frozen_time: MIDDAY + 30 * DAY,
          renewals: 0,
          payment_attempts: 0,
          failure_message: 'sub_1: the price has no amount in GBP',
        },
      }),
    });
    api.on('POST', `${CLOCK}/advance`, {
      status: 400,
      body: {
        error: {
          code: 'TEST_CLOCK_INVALID',
          message: 'The clock is advancing already; wait until it is ready',
        },
      },
    });
    renderAdmin('/admin/test-clocks/clock_1');
    expect(
      await screen.findByText(
        /^The advance stopped at 2027-01-16 .*: sub_1: the price has no amount in GBP$/,
        undefined,
        SLOW,
      ),
    ).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Advance' }));
    const dialog = screen.getByRole('dialog', { name: 'Advance the clock' });
    const field = within(dialog).getByLabelText('New time');
    await user.clear(field);
    await user.type(field, '2027-01-10T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Advance' }));
    expect(await within(dialog).findByText(/^Choose a time after 2027-01-16/)).toBeTruthy();
    expect(api.sent('POST', `${CLOCK}/advance`)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: '+1 day' }));
    await user.click(within(dialog).getByRole('button', { name: 'Advance' }));
    expect(
      await screen.findByText(/The clock is advancing already; wait until it is ready/, undefined, SLOW),
    ).toBeTruthy();
  });

  it('says there is no such clock on a 404, in Chinese too', async () => {
    renderAdmin('/admin/test-clocks/clock_missing', { locale: 'zh' });
    expect(await screen.findByText('找不到这个测试时钟。', undefined, SLOW)).toBeTruthy();
  });
});
