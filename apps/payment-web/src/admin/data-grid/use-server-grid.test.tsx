import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminApiStub, USERS, type SentRequest } from '../test-utils/admin-api-stub.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 3_000 };
const api = createAdminApiStub();
const PRODUCTS = '/payment-kit/api/products';

function product(index: number) {
  return {
    id: `prod_${index}`,
    object: 'product',
    name: `Product ${index}`,
    description: '',
    images: [],
    unit_label: null,
    statement_descriptor: null,
    active: true,
    metadata: {},
    livemode: false,
    created_at: 1_800_000_000 + index,
  };
}

/** Answers a page of 42 products as the server would, by the page and size asked. */
function pageOfProducts(request: SentRequest) {
  const page = Number(request.query.get('page'));
  const size = Number(request.query.get('pageSize'));
  const all = Array.from({ length: 42 }, (_, index) => product(index + 1));
  return { body: { list: all.slice((page - 1) * size, page * size), count: all.length } };
}

function lastQuery(): Record<string, string> {
  const sent = api.sent('GET', PRODUCTS).at(-1)!;
  const query = Object.fromEntries(sent.query);
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
  api.on('GET', PRODUCTS, pageOfProducts);
});

describe('useServerGrid', () => {
  it('asks the server for the view the address holds, so a shared link shows the same page', async () => {
    renderAdmin('/admin/products?page=3&pageSize=5&sortBy=name&sortDirection=asc&q=pro&active=false');
    expect(await screen.findByText('Product 11', undefined, SLOW)).toBeTruthy();
    expect(lastQuery()).toEqual({
      page: '3',
      pageSize: '5',
      sortBy: 'name',
      sortDirection: 'asc',
      q: 'pro',
      active: 'false',
    });
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('pro');
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Archived');
  });

  it('shows 10 rows a page by default and ignores a page size it does not offer', async () => {
    renderAdmin('/admin/products?pageSize=7');
    expect(await screen.findByText('Product 10', undefined, SLOW)).toBeTruthy();
    expect(screen.queryByText('Product 11')).toBeNull();
    expect(lastQuery()).toEqual({ page: '1', pageSize: '10' });
  });

  it('keeps the next page in the address', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/products');
    await screen.findByText('Product 1', undefined, SLOW);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('Product 11', undefined, SLOW)).toBeTruthy();
    expect(address().searchParams.get('page')).toBe('2');
    expect(lastQuery()).toMatchObject({ page: '2', pageSize: '10' });
  });

  it('writes a sort to the address and starts again at the first page', async () => {
    renderAdmin('/admin/products?page=2');
    await screen.findByText('Product 11', undefined, SLOW);
    fireEvent.click(within(screen.getByRole('grid')).getByText('Name'));
    await waitFor(() => expect(address().searchParams.get('sortBy')).toBe('name'));
    expect(address().searchParams.get('sortDirection')).toBe('asc');
    expect(address().searchParams.get('page')).toBeNull();
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({ page: '1', sortBy: 'name', sortDirection: 'asc' }),
    );
  });

  it('writes the search and the status filter to the address', async () => {
    const user = userEvent.setup();
    renderAdmin('/admin/products?page=2');
    await screen.findByText('Product 11', undefined, SLOW);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'pro');
    await waitFor(() => expect(address().searchParams.get('q')).toBe('pro'));
    expect(address().searchParams.get('page')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }, SLOW));
    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'pro', active: 'true' }));
  });
});
