import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { answerPriceSearch } from '../test-utils/catalogue-builders.ts';
import { ABT, makeAdminCustomer, makeCustomerDetails, USD } from '../test-utils/customer-builders.ts';
import { adminCurrency, makeAdminInvoice, makeAdminPrice } from '../test-utils/invoice-builders.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 10_000 };
const api = createAdminApiStub();
const INVOICES = '/payment-kit/api/invoices';
const CUSTOMERS = '/payment-kit/api/customers';
const PRICES = '/payment-kit/api/prices';

type User = ReturnType<typeof userEvent.setup>;

const T_SHIRT = makeAdminPrice();
/** Neither is invoiceable: the payer chooses the amount, or usage decides it. */
const TIP = makeAdminPrice({
  id: 'price_tip',
  unit_amount: null,
  custom_unit_amount: { minimum: '100', maximum: '10000', presets: [], preset: null },
  nickname: 'Tip',
});
const API_CALLS = makeAdminPrice({
  id: 'price_calls',
  type: 'recurring',
  recurring: { interval: 'month', interval_count: 1, usage_type: 'metered' },
  nickname: 'API calls',
});

/** Newer than the T-shirt, so it comes first; past the first ten suggestions only the search reaches it. */
const MUGS = Array.from({ length: 12 }, (_, index) =>
  makeAdminPrice({
    id: `price_mug_${index}`,
    product_id: `prod_mug_${index}`,
    product: { ...T_SHIRT.product, id: `prod_mug_${index}`, name: `Mug ${index}` },
    nickname: 'Mug',
  }),
);
/** Sold in ABT only. */
const VALIDATOR = makeAdminPrice({ id: 'price_validator', currency_id: ABT.id, nickname: 'Validator' });

const DRAFT = makeAdminInvoice({
  status: 'draft',
  number: 'BZR-0007',
  payment_intent_id: null,
  payment_details: null,
  paid_at: null,
  description: 'Onboarding, May',
  lines: [
    {
      description: 'Bazaar T-shirt',
      price_id: T_SHIRT.id,
      quantity: 2,
      unit_amount: '1999',
      amount: '3998',
      period_start: null,
      period_end: null,
      proration: false,
    },
    {
      description: 'Setup call',
      price_id: null,
      quantity: 3,
      unit_amount: '2550',
      amount: '7650',
      period_start: null,
      period_end: null,
      proration: false,
    },
  ],
  days_until_due: 30,
});

const validationFailed = (path: string, message: string) => ({
  status: 400,
  body: { error: { code: 'VALIDATION_FAILED', message: 'Invalid', details: [{ path, message }] } },
});

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', '/payment-kit/api/payment-currencies', {
    body: { list: [adminCurrency(USD), adminCurrency(ABT)], count: 2 },
  });
  api.on('GET', PRICES, answerPriceSearch([...MUGS, VALIDATOR, T_SHIRT, TIP, API_CALLS]));
  api.on('GET', `${PRICES}/${T_SHIRT.id}`, { body: T_SHIRT });
  api.on('GET', CUSTOMERS, (request) => ({
    body: request.query.get('q') ? { list: [makeAdminCustomer()], count: 1 } : { list: [], count: 0 },
  }));
  api.on('GET', `${CUSTOMERS}/cus_1`, { body: makeCustomerDetails() });
  api.on('GET', `${INVOICES}/in_1`, { body: DRAFT });
});

/** The field a line's label names, within that line. */
const lineField = (number: number, role: 'textbox' | 'spinbutton' | 'combobox', name: string) =>
  within(screen.getByRole('group', { name: `Line ${number}` })).getByRole(role, { name });

async function typeInto(user: User, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

async function openNewInvoice() {
  const user = userEvent.setup();
  renderAdmin('/admin/invoices/new');
  await screen.findByRole('group', { name: 'Line 1' }, SLOW);
  return user;
}

async function chooseCustomer(user: User) {
  await user.type(screen.getByRole('combobox', { name: 'Customer' }), 'ada');
  await user.click(await screen.findByRole('option', { name: 'Ada Lovelace · ada@example.com' }, SLOW));
}

async function chooseCurrency(user: User, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Currency' }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('the manual invoice form', () => {
  it('writes a draft of a charge typed in dollars and a catalogue price, and opens it', async () => {
    api.on('POST', INVOICES, { body: { ...DRAFT, id: 'in_new' } });
    const user = await openNewInvoice();
    await chooseCustomer(user);
    expect(Object.fromEntries(api.sent('GET', CUSTOMERS).at(-1)!.query)).toMatchObject({ q: 'ada' });

    await user.type(lineField(1, 'textbox', 'Description'), 'Setup call');
    await user.type(lineField(1, 'textbox', 'Unit price'), '25.5');
    await typeInto(user, lineField(1, 'spinbutton', 'Quantity'), '3');
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Line 2' })).getByRole('radio', {
        name: 'A price of the catalogue',
      }),
    );
    await user.click(lineField(2, 'combobox', 'Price'));
    const optionNames = async () =>
      (await screen.findAllByRole('option', undefined, SLOW)).map((each) => each.textContent);
    // Ten suggestions, the T-shirt not among them: typing finds it.
    expect(await optionNames()).toEqual(MUGS.slice(0, 10).map((mug) => `${mug.product.name} · Mug`));
    await user.type(lineField(2, 'combobox', 'Price'), 't-shirt');
    // Only a price with an amount of its own can be invoiced, in the invoice's currency.
    await waitFor(async () => expect(await optionNames()).toEqual(['Bazaar T-shirt · $19.99']), SLOW);
    expect(Object.fromEntries(api.sent('GET', PRICES).at(-1)!.query)).toMatchObject({
      q: 't-shirt',
      currency_id: USD.id,
      active: 'true',
    });
    await user.click(screen.getByRole('option', { name: 'Bazaar T-shirt · $19.99' }));
    expect((lineField(2, 'combobox', 'Price') as HTMLInputElement).value).toBe('Bazaar T-shirt · $19.99');
    await typeInto(user, lineField(2, 'spinbutton', 'Quantity'), '2');
    await typeInto(user, screen.getByRole('spinbutton', { name: 'Days to pay' }), '14');
    await user.type(screen.getByRole('textbox', { name: 'Memo' }), 'Onboarding, May');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(api.sent('POST', INVOICES)).toHaveLength(1), SLOW);
    expect(api.sent('POST', INVOICES)[0]!.body).toEqual({
      customer_id: 'cus_1',
      currency_id: USD.id,
      description: 'Onboarding, May',
      days_until_due: 14,
      lines: [
        { description: 'Setup call', quantity: 3, unit_amount: '2550' },
        { price_id: T_SHIRT.id, quantity: 2 },
      ],
    });
    await waitFor(
      () => expect(screen.getByLabelText('address').textContent).toBe('/admin/invoices/in_new'),
      SLOW,
    );
  });

  it('reads an amount in the currency’s 18 decimals exactly, and refuses one more', async () => {
    api.on('POST', INVOICES, { body: { ...DRAFT, id: 'in_new' } });
    const user = await openNewInvoice();
    await chooseCustomer(user);
    await chooseCurrency(user, 'ABT · ArcBlock Token');
    await user.type(lineField(1, 'textbox', 'Description'), 'Validator node');
    const amount = lineField(1, 'textbox', 'Unit price');
    await user.type(amount, '123456789012.3456789012345678901');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('At most 18 decimals')).toBeTruthy();
    expect(api.sent('POST', INVOICES)).toEqual([]);

    await typeInto(user, amount, '123456789012.345678901234567890');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.sent('POST', INVOICES)).toHaveLength(1), SLOW);
    expect(api.sent('POST', INVOICES)[0]!.body).toMatchObject({
      currency_id: ABT.id,
      lines: [{ description: 'Validator node', quantity: 1, unit_amount: '123456789012345678901234567890' }],
    });
  });

  it('says what is missing or out of bounds, and sends nothing', async () => {
    const user = await openNewInvoice();
    await typeInto(user, lineField(1, 'spinbutton', 'Quantity'), '0');
    await typeInto(user, screen.getByRole('spinbutton', { name: 'Days to pay' }), '400');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    const helpOf = (field: HTMLElement) =>
      document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
    await waitFor(() => expect(helpOf(lineField(1, 'textbox', 'Description'))).toBe('Required'));
    expect(helpOf(lineField(1, 'textbox', 'Unit price'))).toBe('Required');
    expect(helpOf(lineField(1, 'spinbutton', 'Quantity'))).toBe('A whole number from 1 to 10000');
    expect(helpOf(screen.getByRole('spinbutton', { name: 'Days to pay' }))).toBe(
      'A whole number from 0 to 365',
    );
    expect(helpOf(screen.getByRole('combobox', { name: 'Customer' }))).toBe('Required');
    expect(api.sent('POST', INVOICES)).toEqual([]);
  });

  it("shows the server's problems at the line fields they name", async () => {
    api.on('POST', INVOICES, validationFailed('lines.0.unit_amount', 'The invoice total is too large'));
    const user = await openNewInvoice();
    await chooseCustomer(user);
    await user.type(lineField(1, 'textbox', 'Description'), 'Everything');
    await user.type(lineField(1, 'textbox', 'Unit price'), '1');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const amount = lineField(1, 'textbox', 'Unit price');
    await waitFor(() =>
      expect(document.getElementById(amount.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'The invoice total is too large',
      ),
    );
    expect(screen.getByLabelText('address').textContent).toBe('/admin/invoices/new');
  });

  it('edits a draft in the same form, its lines as written, and goes back to it', async () => {
    api.on('PUT', `${INVOICES}/in_1`, { body: { ...DRAFT, days_until_due: 7 } });
    const user = userEvent.setup();
    renderAdmin('/admin/invoices/in_1/edit');
    expect(await screen.findByRole('heading', { name: 'Edit draft BZR-0007' }, SLOW)).toBeTruthy();
    // A draft keeps its customer and currency.
    expect(screen.queryByRole('combobox', { name: 'Customer' })).toBeNull();
    expect((await screen.findByRole('link', { name: 'Ada Lovelace' })).getAttribute('href')).toBe(
      '/admin/customers/cus_1',
    );
    const currency = await screen.findByRole('combobox', { name: 'Currency' }, SLOW);
    expect(currency.getAttribute('aria-disabled')).toBe('true');
    // Its price is loaded by id, named as the catalogue names it.
    await waitFor(() =>
      expect((lineField(1, 'combobox', 'Price') as HTMLInputElement).value).toBe('Bazaar T-shirt · $19.99'),
    );
    expect((lineField(2, 'textbox', 'Unit price') as HTMLInputElement).value).toBe('25.5');
    expect((screen.getByRole('textbox', { name: 'Memo' }) as HTMLInputElement).value).toBe('Onboarding, May');

    await user.click(screen.getByRole('button', { name: 'Remove line 1' }));
    await typeInto(user, screen.getByRole('spinbutton', { name: 'Days to pay' }), '7');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(api.sent('PUT', `${INVOICES}/in_1`)).toHaveLength(1), SLOW);
    expect(api.sent('PUT', `${INVOICES}/in_1`)[0]!.body).toEqual({
      description: 'Onboarding, May',
      days_until_due: 7,
      lines: [{ description: 'Setup call', quantity: 3, unit_amount: '2550' }],
    });
    await waitFor(
      () => expect(screen.getByLabelText('address').textContent).toBe('/admin/invoices/in_1'),
      SLOW,
    );
  });

  it('shows a line whose price was archived since, or cannot be loaded, by its name', async () => {
    const line = (priceId: string) => ({
      ...DRAFT.lines[0]!,
      description: 'Winter poster',
      price_id: priceId,
    });
    api.on('GET', `${INVOICES}/in_1`, {
      body: { ...DRAFT, lines: [line('price_winter'), line('price_gone')] },
    });
    api.on('GET', `${PRICES}/price_winter`, {
      body: makeAdminPrice({ id: 'price_winter', active: false, nickname: 'Winter edition' }),
    });
    renderAdmin('/admin/invoices/in_1/edit');
    expect(await screen.findByRole('group', { name: 'Line 1' }, SLOW)).toBeTruthy();
    const shown = (number: number) => (lineField(number, 'combobox', 'Price') as HTMLInputElement).value;
    await waitFor(() => expect(shown(1)).toBe('Bazaar T-shirt · Winter edition'));
    expect(shown(2)).toBe('Winter poster');
  });

  it('does not offer to edit an invoice that was finalized', async () => {
    api.on('GET', `${INVOICES}/in_1`, { body: { ...DRAFT, status: 'open' } });
    renderAdmin('/admin/invoices/in_1/edit');
    expect(
      await screen.findByText(
        'Only a draft can be edited; this invoice has been finalized.',
        undefined,
        SLOW,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
  });

  it('speaks Chinese', async () => {
    renderAdmin('/admin/invoices/new', { locale: 'zh' });
    expect(await screen.findByRole('group', { name: '第 1 项' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '新建账单' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '保存草稿' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '自定义费用' })).toBeTruthy();
  });
});
