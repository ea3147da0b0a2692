import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { makeAdminPaymentLink } from '../test-utils/catalogue-builders.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';
import { catchSavedFiles } from '../test-utils/saved-files.ts';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 10_000 };
const api = createAdminApiStub();
const LINKS = '/payment-kit/api/payment-links';
const EXPORT = '/payment-kit/api/payment-links/export.csv';

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', LINKS, {
    body: {
      list: [makeAdminPaymentLink(), makeAdminPaymentLink({ id: 'plink_mug', name: 'Mug', active: false })],
      count: 2,
    },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('PaymentLinksPage', () => {
  it('lists the links the address filters, each active or archived', async () => {
    renderAdmin('/admin/payment-links?active=true&q=shirt');
    expect(await screen.findByText('Mug', undefined, SLOW)).toBeTruthy();
    const grid = screen.getByRole('grid');
    expect(within(grid).getByText('T-shirt')).toBeTruthy();
    expect(within(grid).getByText('Archived')).toBeTruthy();
    expect(Object.fromEntries(api.sent('GET', LINKS).at(-1)!.query)).toMatchObject({
      active: 'true',
      q: 'shirt',
    });
  });

  it('opens a link from its row, but not from the buttons that copy it or show its QR code', async () => {
    api.on('GET', `${LINKS}/plink_shirt`, { body: makeAdminPaymentLink() });
    const address = () => screen.getByLabelText('address').textContent;
    const user = userEvent.setup();
    renderAdmin('/admin/payment-links');
    const row = (await screen.findByRole('gridcell', { name: 'T-shirt' }, SLOW)).closest<HTMLElement>(
      '[role="row"]',
    )!;
    await user.click(within(row).getByRole('button', { name: 'QR code' }));
    const qr = await screen.findByRole('dialog', { name: 'QR code of T-shirt' });
    await user.click(within(qr).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(row).getByRole('button', { name: 'Copy link' }));
    expect(address()).toBe('/admin/payment-links');

    await user.click(within(row).getByRole('gridcell', { name: 'T-shirt' }));
    await waitFor(() => expect(address()).toBe('/admin/payment-links/plink_shirt'));
    await waitFor(
      () => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('T-shirtActive'),
      SLOW,
    );
  });

  it('exports the links as filtered, whole, not as sorted or paged', async () => {
    const saved = catchSavedFiles();
    const csv = 'id,name,active\nplink_shirt,T-shirt,true\n';
    api.on('GET', EXPORT, {
      headers: { 'content-type': 'text/csv; charset=utf-8', 'x-total-count': '1' },
      raw: csv,
    });
    const user = userEvent.setup();
    renderAdmin('/admin/payment-links?active=true&q=shirt&sortBy=name&sortDirection=desc&page=3');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, SLOW));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await saved[0]!.text()).toBe(csv);
    expect(Object.fromEntries(api.sent('GET', EXPORT)[0]!.query)).toEqual({
      active: 'true',
      q: 'shirt',
      livemode: 'false',
      locale: 'en',
    });
  });

  it('says why an export failed, and saves nothing', async () => {
    const saved = catchSavedFiles();
    api.on('GET', EXPORT, {
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'Database is down' } },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/payment-links');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Exporting' });
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
