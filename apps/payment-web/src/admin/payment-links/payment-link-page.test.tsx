import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPaymentLink } from '@bazaar/schemas';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { makeAdminPaymentLink } from '../test-utils/catalogue-builders.ts';
import { USD } from '../test-utils/customer-builders.ts';
import { adminCurrency, makeAdminPrice } from '../test-utils/invoice-builders.ts';
import { atPhoneWidth } from '../test-utils/phone-width.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 10_000 };
const api = createAdminApiStub();
const LINK_PATH = '/payment-kit/api/payment-links/plink_guide';

type User = ReturnType<typeof userEvent.setup>;

/** Named by its nickname. */
const MONTHLY = makeAdminPrice({
  id: 'price_monthly',
  product_id: 'prod_guide',
  product: { ...makeAdminPrice().product, id: 'prod_guide', name: 'Field guide' },
  type: 'recurring',
  recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
  nickname: 'Monthly',
});
/** Named by what it charges: `Bazaar T-shirt · $19.99`. */
const T_SHIRT = makeAdminPrice();

const LINK = makeAdminPaymentLink({
  id: 'plink_guide',
  name: 'Guide club',
  line_items: [
    {
      price_id: MONTHLY.id,
      quantity: 2,
      adjustable_quantity: { enabled: true, minimum: 1, maximum: 10 },
      cross_sell: false,
    },
    { price_id: T_SHIRT.id, quantity: 1, adjustable_quantity: null, cross_sell: true },
  ],
  submit_type: 'book',
  phone_number_collection: { enabled: true },
  billing_address_collection: 'required',
  cross_sell_behavior: 'required',
  // Staking terms the form does not show, which a change must keep.
  subscription_data: {
    trial_period_days: 14,
    trial_end: null,
    trial_currency: '',
    billing_threshold_amount: '0',
    min_stake_amount: '5000',
  },
  after_completion: {
    type: 'redirect',
    hosted_confirmation: null,
    redirect: { url: 'https://example.com/thanks' },
  },
  expires_after_seconds: 5_400,
  metadata: { campaign: 'spring' },
});

/** The link as the server stores it; a change applies its body and answers the result, as a read after it does. */
let stored: AdminPaymentLink;
function save(body: Record<string, unknown>): AdminPaymentLink {
  const saved = { ...stored, ...body } as AdminPaymentLink;
  // The body names only the chosen way to end; the API answers both.
  const sent: Partial<AdminPaymentLink['after_completion']> = saved.after_completion;
  stored = {
    ...saved,
    after_completion: { hosted_confirmation: null, redirect: null, ...sent, type: sent.type! },
  };
  return stored;
}

/** The value a fact of the link's details list shows. */
const valueOf = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

/** The page's title and status chip; found while a dialog hides the page from the accessibility tree too. */
const heading = () => screen.getByRole('heading', { level: 1, hidden: true }).textContent;

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', '/payment-kit/api/payment-currencies', { body: { list: [adminCurrency(USD)], count: 1 } });
  api.on('GET', `/payment-kit/api/prices/${MONTHLY.id}`, { body: MONTHLY });
  api.on('GET', `/payment-kit/api/prices/${T_SHIRT.id}`, { body: T_SHIRT });
  api.on('GET', '/payment-kit/api/prices', { body: { list: [], count: 0 } });
  stored = LINK;
  api.on('GET', LINK_PATH, () => ({ body: stored }));
  api.on('PUT', LINK_PATH, (request) => ({ body: save(request.body as Record<string, unknown>) }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openLink(path = '/admin/payment-links/plink_guide', locale: 'en' | 'zh' = 'en') {
  const user = userEvent.setup();
  renderAdmin(path, { locale });
  await screen.findByRole('heading', { level: 1 }, SLOW);
  return user;
}

async function openEditForm(): Promise<User> {
  const user = await openLink();
  await user.click(screen.getByRole('link', { name: 'Edit' }));
  await screen.findByRole('heading', { name: 'Edit Guide club' }, SLOW);
  // Saving waits for the link's prices, which say whether it bills a subscription.
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Save changes' }).hasAttribute('disabled')).toBe(false),
  );
  return user;
}

const fieldValues = (role: 'combobox' | 'spinbutton' | 'textbox', name: string) =>
  screen.getAllByRole(role, { name }).map((field) => (field as HTMLInputElement).value);
const isChecked = (name: string) =>
  screen.getAllByRole('checkbox', { name }).map((box) => (box as HTMLInputElement).checked);

describe('PaymentLinkPage', () => {
  it('shows where payers open the link, what it sells as the price picker names it, and how its checkout behaves', async () => {
    await openLink();
    expect(heading()).toBe('Guide clubActive');
    await waitFor(() =>
      expect(valueOf('Items')).toBe(
        'Field guide · Monthly × 2Customer may choose 1–10' +
          'Bazaar T-shirt · $19.99 × 1Offered as a cross-sell',
      ),
    );
    expect(screen.getByRole('link', { name: 'Open checkout' }).getAttribute('href')).toBe(
      'http://localhost/payment-kit/checkout/pay/plink_guide',
    );
    expect(valueOf('Link')).toContain('http://localhost/payment-kit/checkout/pay/plink_guide');
    expect(valueOf('Currency')).toBe('$ · US Dollar');
    expect(valueOf('Button text')).toBe('Book');
    expect(valueOf('Options')).toBe(
      'Collect phone numbers\nRequire a billing address\nThe cross-sell is required',
    );
    expect(valueOf('Trial days')).toBe('14');
    expect(valueOf('After payment')).toBe('Go to a website');
    expect(screen.getByRole('link', { name: 'https://example.com/thanks' }).getAttribute('href')).toBe(
      'https://example.com/thanks',
    );
    expect(valueOf('Checkout stays open (hours)')).toBe('1.5');
    expect(valueOf('Metadata')).toBe('campaign: spring');
    expect(screen.queryByText('Donations', { selector: 'dt' })).toBeNull();
  });

  it('archives after saying what that stops, and restores it', async () => {
    const user = await openLink();
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive' });
    expect(dialog.textContent).toContain('can no longer start a checkout from this link');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));

    await waitFor(() => expect(heading()).toBe('Guide clubArchived'));
    expect(api.sent('PUT', LINK_PATH).map((request) => request.body)).toEqual([{ active: false }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(heading()).toBe('Guide clubActive'));
    expect(api.sent('PUT', LINK_PATH).map((request) => request.body)).toEqual([
      { active: false },
      { active: true },
    ]);
  });

  it('says why the server refused an archive, and keeps the link as it was', async () => {
    api.on('PUT', LINK_PATH, {
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'Database is down' } },
    });
    const user = await openLink();
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Not saved');
    expect(heading()).toBe('Guide clubActive');
  });

  it('says why a restore was refused, and keeps the link archived', async () => {
    stored = { ...LINK, active: false };
    api.on('PUT', LINK_PATH, {
      status: 410,
      body: { error: { code: 'PRICE_INACTIVE', message: 'Price price_monthly is no longer sold' } },
    });
    const user = await openLink();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Not saved: /);
    expect(heading()).toBe('Guide clubArchived');
  });

  it('edits the link in the form that made it, sends every field it shows and nothing else, and goes back to it', async () => {
    const user = await openEditForm();
    expect(screen.getByLabelText('address').textContent).toBe('/admin/payment-links/plink_guide/edit');
    expect(fieldValues('textbox', 'Name')).toEqual(['Guide club']);
    await waitFor(() =>
      expect(fieldValues('combobox', 'Price')).toEqual(['Field guide · Monthly', 'Bazaar T-shirt · $19.99']),
    );
    expect(fieldValues('spinbutton', 'Quantity')).toEqual(['2', '1']);
    expect(isChecked('Customer may change the quantity')).toEqual([true, false]);
    expect(fieldValues('spinbutton', 'Minimum')).toEqual(['1']);
    expect(fieldValues('spinbutton', 'Maximum')).toEqual(['10']);
    expect(isChecked('Offered as a cross-sell')).toEqual([false, true]);
    // A recurring price is in, so the trial shows.
    expect(fieldValues('spinbutton', 'Trial days')).toEqual(['14']);
    expect(fieldValues('spinbutton', 'Checkout stays open (hours)')).toEqual(['1.5']);
    expect(isChecked('Collect phone numbers')).toEqual([true]);
    expect(isChecked('Require a billing address')).toEqual([true]);
    expect(isChecked('The cross-sell is required')).toEqual([true]);
    expect((screen.getByRole('radio', { name: 'Go to a website' }) as HTMLInputElement).checked).toBe(true);
    expect(fieldValues('textbox', 'Website address')).toEqual(['https://example.com/thanks']);
    expect(screen.getByRole('combobox', { name: 'Button text' }).textContent).toBe('Book');

    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Guide club plus');
    await user.click(screen.getByRole('checkbox', { name: 'Collect phone numbers' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.sent('PUT', LINK_PATH)).toHaveLength(1));
    expect(api.sent('PUT', LINK_PATH)[0]!.body).toEqual({
      name: 'Guide club plus',
      currency_id: USD.id,
      line_items: [
        {
          price_id: MONTHLY.id,
          quantity: 2,
          adjustable_quantity: { enabled: true, minimum: 1, maximum: 10 },
          cross_sell: false,
        },
        { price_id: T_SHIRT.id, quantity: 1, adjustable_quantity: null, cross_sell: true },
      ],
      submit_type: 'book',
      phone_number_collection: { enabled: false },
      billing_address_collection: 'required',
      cross_sell_behavior: 'required',
      subscription_data: {
        trial_period_days: 14,
        trial_end: null,
        trial_currency: '',
        billing_threshold_amount: '0',
        min_stake_amount: '5000',
      },
      after_completion: { type: 'redirect', redirect: { url: 'https://example.com/thanks' } },
      expires_after_seconds: 5_400,
    });
    await waitFor(() =>
      expect(screen.getByLabelText('address').textContent).toBe('/admin/payment-links/plink_guide'),
    );
    await waitFor(() => expect(heading()).toBe('Guide club plusActive'));
    expect(valueOf('Options')).toBe('Require a billing address\nThe cross-sell is required');
  });

  it("shows the server's problems at the fields they name, and stays on the form", async () => {
    api.on('PUT', LINK_PATH, {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          details: [{ path: 'line_items.1.price_id', message: 'No active test-mode price price_demo' }],
        },
      },
    });
    const user = await openEditForm();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const tShirt = screen.getAllByRole('combobox', { name: 'Price' })[1]!;
    await waitFor(() =>
      expect(document.getElementById(tShirt.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'No active test-mode price price_demo',
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('address').textContent).toBe('/admin/payment-links/plink_guide/edit');
  });

  it('speaks Chinese, and marks a donation link', async () => {
    api.on('GET', LINK_PATH, {
      body: makeAdminPaymentLink({
        id: 'plink_guide',
        name: 'Tip jar',
        after_completion: {
          type: 'hosted_confirmation',
          hosted_confirmation: { custom_message: 'Thank you!' },
          redirect: null,
        },
        donation_settings: {
          presets: ['5', '10'],
          preset: null,
          minimum: '1',
          maximum: '100',
          custom: true,
          beneficiaries: [],
        },
      }),
    });
    await openLink('/admin/payment-links/plink_guide', 'zh');
    expect(heading()).toBe('Tip jar有效');
    expect(screen.getByRole('link', { name: '编辑' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '归档' })).toBeTruthy();
    expect(valueOf('支付之后')).toBe('显示确认页');
    expect(valueOf('确认信息')).toBe('Thank you!');
    expect(valueOf('捐赠')).toBe('捐赠链接：付款人自行决定金额');
    await waitFor(() => expect(valueOf('商品')).toBe('Bazaar T-shirt · $19.99 × 1'));
  });

  it('confirms an archive over the whole screen at phone width', async () => {
    atPhoneWidth();
    const user = await openLink();
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive' });
    expect(dialog.className).toMatch(/MuiDialog-paperFullScreen/);
  });

  it('says there is no such link when the server answers 404', async () => {
    renderAdmin('/admin/payment-links/plink_missing');
    expect(await screen.findByText('There is no such payment link.', undefined, SLOW)).toBeTruthy();
  });
});
