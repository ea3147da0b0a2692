import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { makeAdminProduct } from '../test-utils/catalogue-builders.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';
import { catchSavedFiles } from '../test-utils/saved-files.ts';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 10_000 };
const api = createAdminApiStub();
const PRODUCTS = '/payment-kit/api/products';
const EXPORT = '/payment-kit/api/products/export.csv';
const HEADER = 'id,name,description\n';
/** A row whose description runs over two lines, quoted as CSV quotes it. */
const MUG = 'prod_mug,Bazaar mug,"Holds tea.\nDishwasher safe."\n';

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', PRODUCTS, {
    body: {
      list: [makeAdminProduct(), makeAdminProduct({ id: 'prod_mug', name: 'Bazaar mug', active: false })],
      count: 2,
    },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('ProductsPage', () => {
  it('lists the products the address filters, each active or archived', async () => {
    renderAdmin('/admin/products?active=false&q=bazaar&sortBy=name&sortDirection=asc');
    expect(await screen.findByText('Bazaar mug', undefined, SLOW)).toBeTruthy();
    const grid = screen.getByRole('grid');
    expect(within(grid).getByText('Bazaar T-shirt')).toBeTruthy();
    expect(within(grid).getByText('Archived')).toBeTruthy();
    expect(Object.fromEntries(api.sent('GET', PRODUCTS).at(-1)!.query)).toMatchObject({
      active: 'false',
      q: 'bazaar',
      sortBy: 'name',
      sortDirection: 'asc',
    });
  });

  it('exports the products as filtered, whole, counting rows rather than the lines of a description', async () => {
    const saved = catchSavedFiles();
    let finish!: () => void;
    const rest = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const encode = (text: string) => new TextEncoder().encode(text);
    api.on('GET', EXPORT, {
      headers: { 'content-type': 'text/csv; charset=utf-8', 'x-total-count': '2' },
      raw: new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encode(`${HEADER}${MUG}prod_cup,Bazaar cup,"Small\n`));
          await rest;
          controller.enqueue(encode('and light"\n'));
          controller.close();
        },
      }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/products?active=false&q=bazaar&sortBy=name&sortDirection=asc&page=2');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, SLOW));

    const dialog = await screen.findByRole('dialog', { name: 'Exporting' });
    expect(await within(dialog).findByText('Exported 1 of 2 rows')).toBeTruthy();
    expect(Object.fromEntries(api.sent('GET', EXPORT)[0]!.query)).toEqual({
      active: 'false',
      q: 'bazaar',
      livemode: 'false',
      locale: 'en',
    });
    finish();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await saved[0]!.text()).toBe(`${HEADER}${MUG}prod_cup,Bazaar cup,"Small\nand light"\n`);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Exporting' })).toBeNull());
  });

  it('says why an export failed, and saves nothing', async () => {
    const saved = catchSavedFiles();
    api.on('GET', EXPORT, {
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'You may not do this.' } },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Exporting' });
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('speaks Chinese', async () => {
    renderAdmin('/admin/products', { locale: 'zh' });
    expect(await screen.findByRole('heading', { name: '产品', level: 1 }, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: '导出 CSV' })).toBeTruthy();
    expect(await screen.findByText('已归档')).toBeTruthy();
  });
});
