import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { makeRefund } from '../test-utils/customer-builders.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 10_000 };
const api = createAdminApiStub();
const LIST = '/payment-kit/api/refunds';

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', LIST, {
    body: {
      list: [
        makeRefund({
          id: 're_2',
          payment_intent_id: 'pi_7',
          status: 'failed',
          reason: 'fraudulent',
          amount: '1999',
        }),
        makeRefund(),
      ],
      count: 2,
    },
  });
});

describe('RefundsPage', () => {
  it('lists the refunds with amount, status, reason and payment, and a row opens the payment refunded', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/refunds');
    expect(await screen.findByRole('heading', { name: 'Refunds', level: 1 }, SLOW)).toBeTruthy();
    const grid = screen.getByRole('grid', { name: 'Refunds' });
    expect(await within(grid).findByText('$19.99')).toBeTruthy();
    expect(within(grid).getByText('Failed')).toBeTruthy();
    expect(within(grid).getByText('Fraudulent')).toBeTruthy();
    expect(within(grid).getByText('$5.00')).toBeTruthy();
    expect(within(grid).getByText('Requested by an admin')).toBeTruthy();

    await user.click(within(grid).getByText('pi_7'));
    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe('/admin/payments/pi_7'));
  });

  it('filters by status on the server', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/refunds');
    await user.click(await screen.findByRole('combobox', { name: 'Status' }, SLOW));
    await user.click(await screen.findByRole('option', { name: 'Processing' }));
    await waitFor(() =>
      expect(Object.fromEntries(api.sent('GET', LIST).at(-1)!.query)).toMatchObject({ status: 'pending' }),
    );
  });

  it('is in Chinese for a Chinese reader', async () => {
    renderAdmin('/admin/refunds', { locale: 'zh' });
    expect(await screen.findByRole('heading', { name: '退款', level: 1 }, SLOW)).toBeTruthy();
    expect(await screen.findByText('欺诈交易')).toBeTruthy();
  });
});
