import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeRelay } from '@bazaar/payment-react/testing';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { ABT } from '../test-utils/customer-builders.ts';
import { makeListedPayment } from '../test-utils/payment-builders.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';
import { catchSavedFiles } from '../test-utils/saved-files.ts';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 10_000 };
const api = createAdminApiStub();
const LIST = '/payment-kit/api/payment-intents';

const EXPORT = '/payment-kit/api/payment-intents/export.csv';

const lastQuery = () => Object.fromEntries(api.sent('GET', LIST).at(-1)!.query);

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', LIST, {
    body: {
      list: [
        makeListedPayment(),
        makeListedPayment({
          id: 'pi_2',
          status: 'requires_payment_method',
          amount: '1500000000000000000',
          currency: ABT,
          currency_id: ABT.id,
          payment_method: { id: 'pm_base', type: 'base', name: 'Base' },
          last_payment_error: { code: 'card_declined', message: 'Declined' },
          invoice_id: null,
          customer: { id: 'cus_2', name: '', email: 'grace@example.com', did: 'did:abt:z1grace' },
        }),
      ],
      count: 2,
    },
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('PaymentsPage', () => {
  it('lists the payments with their amounts exact, what became of each, and the method', async () => {
    renderAdmin('/admin/payments');
    expect(await screen.findByRole('heading', { name: 'Payments', level: 1 }, SLOW)).toBeTruthy();
    const grid = screen.getByRole('grid', { name: 'Payments' });
    expect(await within(grid).findByText('$19.99')).toBeTruthy();
    expect(within(grid).getByText('Paid')).toBeTruthy();
    expect(within(grid).getByText('1.5 ABT')).toBeTruthy();
    expect(within(grid).getByText('Failed')).toBeTruthy();
    expect(within(grid).getByText('Base')).toBeTruthy();
    expect(within(grid).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(grid).getByText('grace@example.com')).toBeTruthy();
  });

  it('asks the server for the status, search, order and page in the address, and opens a row’s payment', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/payments?status=succeeded&q=ada&sortBy=created&sortDirection=asc&page=2&pageSize=20');
    await screen.findByRole('heading', { name: 'Payments', level: 1 }, SLOW);
    await waitFor(() => expect(api.sent('GET', LIST)).not.toEqual([]));
    expect(lastQuery()).toMatchObject({
      status: 'succeeded',
      q: 'ada',
      sortBy: 'created',
      sortDirection: 'asc',
      page: '2',
      pageSize: '20',
    });

    await user.click(await screen.findByText('$19.99'));
    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe('/admin/payments/pi_1'));
  });

  it('filters by a status, starting again at the first page', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/payments?page=3');
    await user.click(await screen.findByRole('combobox', { name: 'Status' }, SLOW));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All',
      'Succeeded',
      'Processing',
      'Awaiting authentication',
      'Failed or incomplete',
      'Canceled',
    ]);
    await user.click(screen.getByRole('option', { name: 'Failed or incomplete' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'requires_payment_method', page: '1' }));
  });

  it('is in Chinese for a Chinese reader', async () => {
    renderAdmin('/admin/payments', { locale: 'zh' });
    expect(await screen.findByRole('heading', { name: '付款', level: 1 }, SLOW)).toBeTruthy();
    expect(await screen.findByText('支付方式')).toBeTruthy();
  });

  it('exports what the search and filter find, whole and newest first', async () => {
    api.on('GET', EXPORT, {
      headers: { 'content-type': 'text/csv; charset=utf-8', 'x-total-count': '1' },
      raw: 'id,status\npi_1,succeeded\n',
    });
    const saved = catchSavedFiles();
    const user = userEvent.setup();
    renderAdmin('/admin/payments?status=succeeded&q=ada&sortBy=created&sortDirection=asc&page=2');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, SLOW));
    await waitFor(() => expect(saved).toHaveLength(1));
    const sent = Object.fromEntries(api.sent('GET', EXPORT)[0]!.query);
    expect(sent).toMatchObject({ status: 'succeeded', q: 'ada', livemode: 'false' });
    for (const left of ['page', 'pageSize', 'sortBy', 'sortDirection']) expect(sent).not.toHaveProperty(left);
  });

  it('shows a payment made elsewhere without a reload, once the relay tells of it', async () => {
    const relay = installFakeRelay();
    renderAdmin('/admin/payments', { withRelay: true });
    await screen.findByText('$19.99', undefined, SLOW);
    api.on('GET', LIST, {
      body: { list: [makeListedPayment({ id: 'pi_3', amount: '4200' }), makeListedPayment()], count: 2 },
    });
    relay.deliver({ type: 'payment_intent.succeeded', data: { id: 'pi_3', customer_id: 'cus_1' } });
    expect(await screen.findByText('$42.00', undefined, SLOW)).toBeTruthy();
  });
});
