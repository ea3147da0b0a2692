import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { MIDDAY } from '../test-utils/customer-builders.ts';
import { makeListedSubscription } from '../test-utils/subscription-builders.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 10_000 };
const api = createAdminApiStub();
const LIST = '/payment-kit/api/subscriptions';
const EXPORT = '/payment-kit/api/subscriptions/export.csv';
const DAY = 86_400;

const lastQuery = () => Object.fromEntries(api.sent('GET', LIST).at(-1)!.query);

const ending = makeListedSubscription(
  {
    id: 'sub_2',
    customer_id: 'cus_2',
    cancel_at_period_end: true,
    current_period_end: MIDDAY + 10 * DAY,
    items: [{ ...makeListedSubscription().items[0]!, quantity: 3 }],
  },
  { name: '', email: 'grace@example.com' },
);

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', LIST, { body: { list: [makeListedSubscription(), ending], count: 2 } });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('SubscriptionsPage', () => {
  it('lists whose each is, what, its status, what it bills a period and when the period ends', async () => {
    renderAdmin('/admin/subscriptions');
    await screen.findByText('Ada Lovelace', {}, SLOW);
    const rows = within(screen.getByRole('grid')).getAllByRole('row');
    const ada = rows.find((row) => within(row).queryByText('Ada Lovelace'))!;
    expect(within(ada).getByText('Bazaar Club membership')).toBeTruthy();
    expect(within(ada).getByText('Active')).toBeTruthy();
    expect(within(ada).getByText('$9.99 per month')).toBeTruthy();
    expect(within(ada).getByText('2027-02-15')).toBeTruthy();
    expect(within(ada).getByText('2027-01-15 12:00')).toBeTruthy();

    // A customer without a name is named by their email; a pending cancellation shows its date.
    const grace = rows.find((row) => within(row).queryByText('grace@example.com'))!;
    expect(within(grace).getByText('Bazaar Club membership × 3')).toBeTruthy();
    expect(within(grace).getByText('$29.97 per month')).toBeTruthy();
    expect(within(grace).getByText('Cancels on 2027-01-25')).toBeTruthy();
  });

  it('asks the server for the view in the address, and searches, filters and sorts there', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/subscriptions?status=past_due&page=2&pageSize=20');
    await screen.findByText('Ada Lovelace', {}, SLOW);
    await waitFor(() => expect(api.sent('GET', LIST)).not.toEqual([]));
    expect(lastQuery()).toMatchObject({ status: 'past_due', page: '2', pageSize: '20' });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'grace');
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'grace', status: 'past_due' }));
    expect(lastQuery()).toMatchObject({ page: '1' });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Canceled' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'grace', status: 'canceled' }));

    fireEvent.click(within(screen.getByRole('grid')).getByText('Current period ends'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sortBy: 'current_period_end' }));
  });

  it('opens a subscription from its row', async () => {
    api.on('GET', `${LIST}/sub_2`, { body: ending });
    api.on('GET', '/payment-kit/api/invoices', { body: { list: [], count: 0 } });
    const user = userEvent.setup();
    renderAdmin('/admin/subscriptions');
    await user.click(await screen.findByText('grace@example.com', {}, SLOW));
    await waitFor(() =>
      expect(screen.getByLabelText('address').textContent).toBe('/admin/subscriptions/sub_2'),
    );
  });

  it('exports the filtered list whole, and says why the list failed to load', async () => {
    api.on('GET', LIST, { status: 500, body: { error: { code: 'INTERNAL', message: 'Database is down' } } });
    api.on('GET', EXPORT, { status: 403, body: { error: { code: 'FORBIDDEN', message: 'No.' } } });
    const user = userEvent.setup();
    renderAdmin('/admin/subscriptions?status=active&q=ada&sortBy=created&sortDirection=asc');
    expect(await screen.findByText(/The list could not be loaded/, {}, SLOW)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByRole('dialog', { name: 'Exporting' });
    const sent = Object.fromEntries(api.sent('GET', EXPORT)[0]!.query);
    expect(sent).toMatchObject({ status: 'active', q: 'ada', livemode: 'false' });
    expect(sent).not.toHaveProperty('sortBy');
    expect(sent).not.toHaveProperty('page');
  });

  it('speaks Chinese', async () => {
    renderAdmin('/admin/subscriptions', { locale: 'zh' });
    expect(await screen.findByRole('heading', { name: '订阅', level: 1 }, SLOW)).toBeTruthy();
    expect(await screen.findByText('将于 2027-01-25 取消', {}, SLOW)).toBeTruthy();
    expect(within(screen.getByRole('grid')).getByText('顾客')).toBeTruthy();
  });
});
