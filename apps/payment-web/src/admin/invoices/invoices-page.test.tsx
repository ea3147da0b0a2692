import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { makeCustomerDetails, makeInvoice } from '../test-utils/customer-builders.ts';
import { makeListedInvoice } from '../test-utils/invoice-builders.ts';
import { atPhoneWidth } from '../test-utils/phone-width.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';
import { catchSavedFiles } from '../test-utils/saved-files.ts';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 10_000 };
const api = createAdminApiStub();
const EXPORT_PATH = '/payment-kit/api/invoices/export.csv';
const CSV_HEADER = 'id,number,status\n';
const encode = (text: string) => new TextEncoder().encode(text);

beforeAll(() => api.install());

let saved: Blob[];
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', '/payment-kit/api/invoices', { body: { list: [], count: 0 } });
  saved = catchSavedFiles();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('InvoicesPage', () => {
  it('lists by the status in the address and exports that filter whole, showing how far it is', async () => {
    let finish!: () => void;
    const rest = new Promise<void>((resolve) => {
      finish = resolve;
    });
    api.on('GET', EXPORT_PATH, {
      headers: { 'content-type': 'text/csv; charset=utf-8', 'x-total-count': '4' },
      raw: new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encode(`${CSV_HEADER}in_1,INV-1,open\n`));
          await rest;
          controller.enqueue(encode('in_2,INV-2,open\nin_3,INV-3,open\nin_4,INV-4,open\n'));
          controller.close();
        },
      }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/invoices?status=open&page=2&pageSize=20');
    expect(await screen.findByRole('heading', { name: 'Invoices', level: 1 }, SLOW)).toBeTruthy();
    await waitFor(() => expect(api.sent('GET', '/payment-kit/api/invoices')).not.toEqual([]));
    expect(Object.fromEntries(api.sent('GET', '/payment-kit/api/invoices').at(-1)!.query)).toMatchObject({
      status: 'open',
      page: '2',
      pageSize: '20',
    });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exporting' });
    expect(await within(dialog).findByText('Exported 1 of 4 rows')).toBeTruthy();
    const sent = Object.fromEntries(api.sent('GET', EXPORT_PATH)[0]!.query);
    expect(sent).toMatchObject({ status: 'open', livemode: 'false' });
    expect(sent).not.toHaveProperty('page');
    expect(sent).not.toHaveProperty('pageSize');

    finish();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await saved[0]!.text()).toBe(
      `${CSV_HEADER}in_1,INV-1,open\nin_2,INV-2,open\nin_3,INV-3,open\nin_4,INV-4,open\n`,
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Exporting' })).toBeNull());
  });

  it('opens an invoice from its row, and starts a new one', async () => {
    api.on('GET', '/payment-kit/api/invoices', { body: { list: [makeListedInvoice()], count: 1 } });
    const user = userEvent.setup();
    renderAdmin('/admin/invoices');
    expect((await screen.findByRole('link', { name: 'New invoice' }, SLOW)).getAttribute('href')).toBe(
      '/admin/invoices/new',
    );
    expect(await screen.findByRole('gridcell', { name: 'Ada Lovelace' }, SLOW)).toBeTruthy();
    await user.click(screen.getByRole('gridcell', { name: 'BZR-0001' }));
    await waitFor(() => expect(screen.getByLabelText('address').textContent).toBe('/admin/invoices/in_1'));
  });

  it("is narrowed to a customer's invoices from their page, until that filter is removed", async () => {
    api.on('GET', '/payment-kit/api/customers/cus_1', {
      body: makeCustomerDetails({
        invoices: { list: [makeInvoice(), makeInvoice({ id: 'in_2', number: 'BZR-0002' })], count: 12 },
      }),
    });
    const user = userEvent.setup();
    renderAdmin('/admin/customers/cus_1');
    await user.click(await screen.findByRole('link', { name: 'All 12 invoices' }, SLOW));

    const chip = await screen.findByRole('button', { name: 'Customer: Ada Lovelace' }, SLOW);
    await waitFor(() =>
      expect(Object.fromEntries(api.sent('GET', '/payment-kit/api/invoices').at(-1)!.query)).toMatchObject({
        customer_id: 'cus_1',
      }),
    );
    await user.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Customer: Ada Lovelace' })).toBeNull());
    expect(Object.fromEntries(api.sent('GET', '/payment-kit/api/invoices').at(-1)!.query)).not.toHaveProperty(
      'customer_id',
    );
    expect(screen.getByLabelText('address').textContent).toBe('/admin/invoices');
  });

  it('keeps number, status and total at phone width', async () => {
    atPhoneWidth();
    api.on('GET', '/payment-kit/api/invoices', { body: { list: [makeListedInvoice()], count: 1 } });
    renderAdmin('/admin/invoices');
    expect(await screen.findByRole('gridcell', { name: 'BZR-0001' }, SLOW)).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Invoice number',
      'Status',
      'Total',
    ]);
  });

  it('says why an export failed, and saves nothing', async () => {
    api.on('GET', EXPORT_PATH, {
      status: 403,
      body: { error: { code: 'FORBIDDEN', message: 'You may not do this.' } },
    });
    const user = userEvent.setup();
    renderAdmin('/admin/invoices');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Exporting' });
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
