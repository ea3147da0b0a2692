import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 3_000 };
const api = createAdminApiStub();
const PRICES = '/payment-kit/api/prices';

const PRODUCT = {
  id: 'prod_book',
  object: 'product',
  name: 'Field guide',
  description: 'A book',
  images: [],
  unit_label: null,
  statement_descriptor: null,
  active: true,
  metadata: {},
  livemode: false,
  created_at: 1_800_000_000,
};

function currency(id: string, symbol: string, decimal: number) {
  return {
    id,
    object: 'payment_currency',
    payment_method_id: 'pm_test',
    symbol,
    name: symbol,
    logo: '',
    decimal,
    maximum_precision: decimal,
    active: true,
    contract: null,
    livemode: false,
    created_at: 1_800_000_000,
  };
}

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', '/payment-kit/api/products/prod_book', { body: PRODUCT });
  api.on('GET', PRICES, { body: { list: [], count: 0 } });
  api.on('GET', '/payment-kit/api/payment-currencies', {
    body: { list: [currency('pc_usd', 'USD', 2), currency('pc_eth', 'ETH', 18)], count: 2 },
  });
});

async function openPriceForm() {
  const user = userEvent.setup();
  renderAdmin('/admin/products/prod_book');
  await user.click(await screen.findByRole('button', { name: 'Add price' }, SLOW));
  const dialog = await screen.findByRole('dialog', { name: 'New price' });
  return { user, dialog };
}

function helpOf(field: HTMLElement): string | null {
  const describedBy = field.getAttribute('aria-describedby');
  return describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null;
}

describe('PriceForm', () => {
  it('shows the fields of the chosen model only', async () => {
    const { user, dialog } = await openPriceForm();
    const form = within(dialog);
    expect(form.getByRole('textbox', { name: 'Amount' })).toBeTruthy();
    expect(form.queryByRole('combobox', { name: 'Billing period' })).toBeNull();

    await user.click(form.getByRole('radio', { name: 'Recurring' }));
    expect(form.getByRole('combobox', { name: 'Billing period' })).toBeTruthy();
    expect(form.getByRole('combobox', { name: 'Usage' })).toBeTruthy();

    await user.click(form.getByRole('radio', { name: 'Customer chooses the amount' }));
    expect(form.queryByRole('textbox', { name: 'Amount' })).toBeNull();
    expect(form.getByRole('textbox', { name: 'Minimum' })).toBeTruthy();
    expect(form.getByRole('textbox', { name: 'Suggested amounts' })).toBeTruthy();

    await user.click(form.getByRole('radio', { name: 'Tiered' }));
    expect(form.queryByRole('textbox', { name: 'Minimum' })).toBeNull();
    expect(form.getByRole('combobox', { name: 'Tier mode' })).toBeTruthy();
    expect(form.getAllByRole('group', { name: /^Tier \d$/ })).toHaveLength(2);
    await user.click(form.getByRole('button', { name: 'Add tier' }));
    expect(form.getAllByRole('group', { name: /^Tier \d$/ })).toHaveLength(3);
  });

  it('refuses an amount finer than the currency, without asking the server', async () => {
    const { user, dialog } = await openPriceForm();
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    await user.type(amount, '1.234');
    await user.click(within(dialog).getByRole('button', { name: 'Add price' }));
    await waitFor(() => expect(helpOf(amount)).toBe('At most 2 decimals'));
    expect(api.sent('POST', PRICES)).toEqual([]);
  });

  it('sends a recurring metered price in the smallest unit, exactly', async () => {
    api.on('POST', PRICES, (request) => ({ body: { ...(request.body as object), id: 'price_new' } }));
    const { user, dialog } = await openPriceForm();
    const form = within(dialog);
    await user.click(form.getByRole('radio', { name: 'Recurring' }));
    await user.click(form.getByRole('combobox', { name: 'Usage' }));
    await user.click(await screen.findByRole('option', { name: 'Metered (per reported usage)' }));
    await user.type(form.getByRole('textbox', { name: 'Amount' }), '19.99');
    await user.click(form.getByRole('button', { name: 'Add price' }));
    await waitFor(() => expect(api.sent('POST', PRICES)).toHaveLength(1));
    expect(api.sent('POST', PRICES)[0]!.body).toMatchObject({
      livemode: false,
      product_id: 'prod_book',
      currency_id: 'pc_usd',
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'metered' },
      billing_scheme: 'per_unit',
      unit_amount: '1999',
      custom_unit_amount: null,
      tiers: null,
    });
  });

  it("shows the server's validation message at the field it names", async () => {
    api.on('POST', PRICES, {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          details: [{ path: 'tiers.1.up_to', message: 'Only the last tier may be open-ended' }],
        },
      },
    });
    const { user, dialog } = await openPriceForm();
    const form = within(dialog);
    await user.click(form.getByRole('radio', { name: 'Tiered' }));
    const [first, second] = form.getAllByRole('group', { name: /^Tier \d$/ });
    await user.type(within(first!).getByRole('spinbutton', { name: 'Up to (units)' }), '10');
    await user.type(within(first!).getByRole('textbox', { name: 'Per unit' }), '2');
    await user.type(within(second!).getByRole('textbox', { name: 'Per unit' }), '1.5');
    await user.click(form.getByRole('button', { name: 'Add price' }));
    const upTo = within(second!).getByRole('spinbutton', { name: 'Up to (units)' });
    await waitFor(() => expect(helpOf(upTo)).toBe('Only the last tier may be open-ended'));
    expect(api.sent('POST', PRICES)[0]!.body).toMatchObject({
      billing_scheme: 'tiered',
      tiers_mode: 'graduated',
      tiers: [
        { up_to: 10, unit_amount: '200', flat_amount: null },
        { up_to: null, unit_amount: '150', flat_amount: null },
      ],
    });
  });
});
