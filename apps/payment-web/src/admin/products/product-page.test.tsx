import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPrice, AdminProduct } from '@bazaar/schemas';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { makeAdminProduct } from '../test-utils/catalogue-builders.ts';
import { USD } from '../test-utils/customer-builders.ts';
import { adminCurrency, makeAdminPrice } from '../test-utils/invoice-builders.ts';
import { atPhoneWidth } from '../test-utils/phone-width.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 10_000 };
const api = createAdminApiStub();
const PRODUCT = makeAdminProduct();
const PRICES = '/payment-kit/api/prices';
const SHIRT = makeAdminPrice({ nickname: 'Launch price', quantity_available: 50, quantity_sold: 20 });
const BUNDLE = makeAdminPrice({ id: 'price_bundle', nickname: 'Two shirts', unit_amount: '3499' });

let prices: AdminPrice[];
let product: AdminProduct;

beforeAll(() => api.install());
afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  api.reset(USERS.admin);
  prices = [SHIRT, BUNDLE];
  product = PRODUCT;
  api.on('GET', `/payment-kit/api/products/${PRODUCT.id}`, () => ({ body: product }));
  api.on('GET', PRICES, () => ({ body: { list: prices, count: prices.length } }));
  api.on('GET', '/payment-kit/api/payment-currencies', { body: { list: [adminCurrency(USD)], count: 1 } });
  // The server answers with the price as changed, and lists it so from then on.
  api.on('PUT', `${PRICES}/${SHIRT.id}`, (request) => {
    const body = request.body as Partial<AdminPrice>;
    const changed = { ...SHIRT, ...body };
    prices = [changed, BUNDLE];
    return { body: changed };
  });
});

async function openShirtRow(locale: 'en' | 'zh' = 'en') {
  const user = userEvent.setup({ delay: null });
  renderAdmin(`/admin/products/${PRODUCT.id}`, { locale });
  const table = await screen.findByRole('table', { name: locale === 'en' ? 'Prices' : '价格' }, SLOW);
  const row = within(table)
    .getByText(locale === 'en' ? 'Launch price' : 'Launch price')
    .closest('tr')!;
  return { user, row };
}

describe('ProductPage', () => {
  it('edits what may change of a price, its sale terms and nickname, and nothing it charges', async () => {
    const { user, row } = await openShirtRow();
    expect(await within(row).findByText('$19.99')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit price' });
    const form = within(dialog);
    expect((form.getByRole('textbox', { name: 'Nickname' }) as HTMLInputElement).value).toBe('Launch price');
    expect(form.queryByRole('textbox', { name: 'Amount' })).toBeNull();
    const stock = form.getByRole('spinbutton', { name: 'Stock' });
    expect((stock as HTMLInputElement).value).toBe('50');

    await user.clear(form.getByRole('textbox', { name: 'Nickname' }));
    await user.type(form.getByRole('textbox', { name: 'Nickname' }), 'Summer price');
    await user.clear(stock);
    await user.type(stock, '80');
    await user.click(form.getByRole('combobox', { name: 'Upsell to' }));
    // A price is never its own upsell.
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['No upsell', 'Two shirts']);
    await user.click(screen.getByRole('option', { name: 'Two shirts' }));
    await user.click(form.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit price' })).toBeNull());
    expect(api.sent('PUT', `${PRICES}/${SHIRT.id}`).map((request) => request.body)).toEqual([
      {
        nickname: 'Summer price',
        quantity_available: 80,
        quantity_limit_per_checkout: 5,
        upsell: { upsells_to_id: 'price_bundle' },
      },
    ]);
    expect(await screen.findByText('Summer price')).toBeTruthy();
  });

  it("shows the server's refusal at its field and keeps the dialog open", async () => {
    api.on('PUT', `${PRICES}/${SHIRT.id}`, {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          details: [
            { path: 'quantity_available', message: '20 are already sold; use 0 for unlimited stock' },
          ],
        },
      },
    });
    const { user, row } = await openShirtRow();
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit price' });
    const stock = within(dialog).getByRole('spinbutton', { name: 'Stock' });
    await user.clear(stock);
    await user.type(stock, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('20 are already sold; use 0 for unlimited stock')).toBeTruthy();
  });

  it('archives a price once told what that stops, then restores it', async () => {
    const { user, row } = await openShirtRow();
    await user.click(within(row).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive' });
    expect(within(dialog).getByText(/not even through the payment links that include it/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(api.sent('PUT', `${PRICES}/${SHIRT.id}`)).toHaveLength(1));
    expect(api.sent('PUT', `${PRICES}/${SHIRT.id}`)[0]!.body).toEqual({ active: false });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const archivedRow = (await screen.findByText('Archived')).closest('tr')!;
    await user.click(within(archivedRow).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(api.sent('PUT', `${PRICES}/${SHIRT.id}`)).toHaveLength(2));
    expect(api.sent('PUT', `${PRICES}/${SHIRT.id}`)[1]!.body).toEqual({ active: true });
  });

  it('keeps each price, its nickname and its actions on a phone, leaving out when it was made', async () => {
    atPhoneWidth();
    const { row } = await openShirtRow();
    const table = row.closest('table')!;
    expect(within(table).queryByRole('columnheader', { name: 'Created' })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Nickname' })).toBeNull();
    expect(within(row).getByText('$19.99')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Archive' })).toBeTruthy();
  });

  it('says why an archive was refused, and asks again afresh', async () => {
    api.on('PUT', `${PRICES}/${SHIRT.id}`, {
      status: 401,
      body: { error: { code: 'UNAUTHENTICATED', message: 'Sign in again' } },
    });
    const { user, row } = await openShirtRow();
    await user.click(within(row).getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    // The dialog's close icon is named Cancel too; the button is the last.
    await user.click(within(dialog).getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(row).getByRole('button', { name: 'Archive' }));
    expect(within(await screen.findByRole('dialog', { name: 'Archive' })).queryByRole('alert')).toBeNull();
  });

  it('speaks Chinese', async () => {
    const { user, row } = await openShirtRow('zh');
    await user.click(within(row).getByRole('button', { name: '归档' }));
    const dialog = await screen.findByRole('dialog', { name: '归档' });
    expect(within(dialog).getByText(/包含它的支付链接也无法下单/)).toBeTruthy();
  });

  it('archives the product once told what that stops', async () => {
    api.on('PUT', `/payment-kit/api/products/${PRODUCT.id}`, (request) => {
      product = { ...product, ...(request.body as Partial<AdminProduct>) };
      return { body: product };
    });
    const user = userEvent.setup({ delay: null });
    renderAdmin(`/admin/products/${PRODUCT.id}`);
    const heading = await screen.findByRole('heading', { name: /Bazaar T-shirt/, level: 1 }, SLOW);
    expect(heading).toBeTruthy();
    const archive = screen.getAllByRole('button', { name: 'Archive' })[0]!;
    await user.click(archive);
    const dialog = await screen.findByRole('dialog', { name: 'Archive' });
    expect(within(dialog).getByText(/Archived products are no longer sold/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(
        api.sent('PUT', `/payment-kit/api/products/${PRODUCT.id}`).map((request) => request.body),
      ).toEqual([{ active: false }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Restore' })).toBeTruthy();
  });
});
