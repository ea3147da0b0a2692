import type { StoreCategory } from '@bazaar/schemas';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fieldHelp, renderStoreRoute } from '../../../test-utils/render-store-route.tsx';
import { createStoreApiStub, refusal } from '../../../test-utils/store-api-stub.ts';
import { USERS } from '../../../test-utils/store-builders.ts';
import { consoleRoutes } from '../console-routes.tsx';

const api = createStoreApiStub();
let categories: StoreCategory[];

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.owner);
  categories = [
    { id: 'payments', name: { en: 'Payments', zh: '支付' } },
    { id: 'productivity', name: { en: 'Productivity', zh: '效率' } },
  ];
  api.on('GET', '/api/categories', () => ({ body: { list: categories, count: categories.length } }));
  api.on('POST', '/api/console/categories', (request) => {
    const category = { id: 'games', ...(request.body as Pick<StoreCategory, 'name'>) };
    categories = [...categories, category];
    return { body: category };
  });
});
afterEach(cleanup);

const openPage = (locale: 'en' | 'zh' = 'en') =>
  renderStoreRoute('/console/categories', consoleRoutes, { locale });

async function openAddDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add category' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Add a category' }) };
}

describe('CategoriesPage', () => {
  it('lists the categories with their English and Chinese names', async () => {
    openPage();
    const table = await screen.findByRole('table', { name: 'Categories' });
    const payments = within(table).getByText('Payments').closest('tr')!;
    expect(within(payments).getByText('支付')).toBeTruthy();
    expect(within(table).getByText('Productivity')).toBeTruthy();
  });

  it('adds a category, its names trimmed, and lists it', async () => {
    openPage();
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText(/English name/), '  Games   and  fun ');
    await user.type(within(dialog).getByLabelText(/Chinese name/), '游戏');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', '/api/console/categories').map((request) => request.body)).toEqual([
      { name: { en: 'Games and fun', zh: '游戏' } },
    ]);
    expect(await screen.findByText('Games and fun')).toBeTruthy();
  });

  it('checks each name before sending: required, letters, digits and spaces, at most 40 characters', async () => {
    openPage();
    const { user, dialog } = await openAddDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fieldHelp(/English name/)).toBe('English name is required');
    expect(fieldHelp(/Chinese name/)).toBe('Chinese name is required');

    await user.type(within(dialog).getByLabelText(/English name/), 'x'.repeat(41));
    await user.type(within(dialog).getByLabelText(/Chinese name/), 'Tools & more');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fieldHelp(/English name/)).toBe('input a maximum of 40 characters');
    expect(fieldHelp(/Chinese name/)).toBe('Only letters, digits and spaces');
    expect(api.sent('POST', '/api/console/categories')).toEqual([]);
  });

  it('shows "… is existed" at the field whose name another category holds', async () => {
    api.on(
      'POST',
      '/api/console/categories',
      refusal(409, 'CATEGORY_EXISTS', [{ path: 'name.zh', message: '支付 is existed' }]),
    );
    openPage();
    const { user, dialog } = await openAddDialog();
    await user.type(within(dialog).getByLabelText(/English name/), 'Billing');
    await user.type(within(dialog).getByLabelText(/Chinese name/), '支付');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fieldHelp(/Chinese name/)).toBe('支付 is existed'));
    expect(fieldHelp(/English name/)).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Add a category' })).toBeTruthy();
  });

  it('renames a category with PUT', async () => {
    api.on('PUT', '/api/console/categories/:id', (request, { id }) => ({
      body: { id, ...(request.body as Pick<StoreCategory, 'name'>) },
    }));
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Payments' }));
    const field = screen.getByLabelText(/English name/);
    expect(field).toHaveProperty('value', 'Payments');
    await user.clear(field);
    await user.type(field, 'Billing');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.sent('PUT', '/api/console/categories/payments').map((request) => request.body)).toEqual([
        { name: { en: 'Billing', zh: '支付' } },
      ]),
    );
  });

  it('deletes a category once confirmed', async () => {
    api.on('DELETE', '/api/console/categories/:id', (_request, { id }) => {
      categories = categories.filter((category) => category.id !== id);
      return { body: { id, deleted: true } };
    });
    const user = userEvent.setup();
    openPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Payments' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the category Payments?' });
    expect(api.sent('DELETE', '/api/console/categories/payments')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Payments')).toBeNull());
    expect(api.sent('DELETE', '/api/console/categories/payments')).toHaveLength(1);
  });

  it('speaks Chinese, with the Chinese words for its checks', async () => {
    openPage('zh');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '添加分类' }));
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(fieldHelp(/英文名称/)).toBe('英文名称不能为空');
  });
});
