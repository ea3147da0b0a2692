import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { makeAdminCustomer } from '../test-utils/customer-builders.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';
import { catchSavedFiles } from '../test-utils/saved-files.ts';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 10_000 };
const api = createAdminApiStub();
const CUSTOMERS = '/payment-kit/api/customers';
const EXPORT = '/payment-kit/api/customers/export.csv';

/** What the list was last asked, less what every call carries. */
function lastQuery(): Record<string, string> {
  const query = Object.fromEntries(api.sent('GET', CUSTOMERS).at(-1)!.query);
  delete query.locale;
  delete query.livemode;
  return query;
}

function address() {
  return new URL(screen.getByLabelText('address').textContent!, 'http://localhost');
}

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', CUSTOMERS, {
    body: {
      list: [
        makeAdminCustomer(),
        makeAdminCustomer({ id: 'cus_2', name: 'Grace Hopper', email: 'grace@example.com' }),
      ],
      count: 2,
    },
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('CustomersPage', () => {
  it('asks for the search, sort and page the address holds', async () => {
    renderAdmin('/admin/customers?q=ada&sortBy=email&sortDirection=asc&page=2&pageSize=5');
    expect(await screen.findByText('Ada Lovelace', undefined, SLOW)).toBeTruthy();
    expect(lastQuery()).toEqual({
      q: 'ada',
      sortBy: 'email',
      sortDirection: 'asc',
      page: '2',
      pageSize: '5',
    });
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('ada');
  });

  it('writes the search and a sort by creation to the address, and asks the server again', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/customers?page=2');
    await screen.findByText('Ada Lovelace', undefined, SLOW);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'grace');
    await waitFor(() => expect(address().searchParams.get('q')).toBe('grace'));
    expect(address().searchParams.get('page')).toBeNull();
    fireEvent.click(within(screen.getByRole('grid')).getByText('Created'));
    await waitFor(() => expect(address().searchParams.get('sortBy')).toBe('created'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'grace', sortBy: 'created', page: '1' }));
  });

  it('opens a customer from their row', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/customers');
    await user.click(await screen.findByText('Grace Hopper', undefined, SLOW));
    await waitFor(() => expect(address().pathname).toBe('/admin/customers/cus_2'));
  });

  it('exports the customers as searched, whole, not as sorted or paged', async () => {
    const saved = catchSavedFiles();
    const csv = 'id,name,email\ncus_1,Ada Lovelace,ada@example.com\n';
    api.on('GET', EXPORT, {
      headers: { 'content-type': 'text/csv; charset=utf-8', 'x-total-count': '1' },
      raw: csv,
    });
    const user = userEvent.setup();
    renderAdmin('/admin/customers?q=ada&sortBy=email&sortDirection=asc&page=2&pageSize=5');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, SLOW));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await saved[0]!.text()).toBe(csv);
    expect(Object.fromEntries(api.sent('GET', EXPORT)[0]!.query)).toEqual({
      q: 'ada',
      livemode: 'false',
      locale: 'en',
    });
  });

  it('says why an export failed', async () => {
    const saved = catchSavedFiles();
    api.on('GET', EXPORT, { status: 403, body: { error: { code: 'FORBIDDEN', message: 'No.' } } });
    const user = userEvent.setup();
    renderAdmin('/admin/customers');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Exporting' });
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
