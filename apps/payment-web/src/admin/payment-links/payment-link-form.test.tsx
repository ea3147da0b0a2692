import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { answerPriceSearch } from '../test-utils/catalogue-builders.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 3_000 };
const api = createAdminApiStub();
const LINKS = '/payment-kit/api/payment-links';
const PRICES = '/payment-kit/api/prices';

type User = ReturnType<typeof userEvent.setup>;

const PRODUCT = {
  id: 'prod_book',
  name: 'Field guide',
  description: '',
  images: [],
  unit_label: null,
  statement_descriptor: null,
  active: true,
};

function price(
  id: string,
  {
    currencyId = 'pc_usd',
    recurring = false,
    product = PRODUCT,
    nickname = recurring ? 'Monthly' : 'Once',
  }: { currencyId?: string; recurring?: boolean; product?: typeof PRODUCT; nickname?: string } = {},
) {
  return {
    id,
    object: 'price' as const,
    product_id: product.id,
    product,
    active: true,
    type: recurring ? ('recurring' as const) : ('one_time' as const),
    currency_id: currencyId,
    unit_amount: '1999',
    custom_unit_amount: null,
    currency_options: [],
    billing_scheme: 'per_unit' as const,
    tiers_mode: null,
    tiers: null,
    upsell: null,
    nickname,
    metadata: {},
    recurring: recurring
      ? { interval: 'month' as const, interval_count: 1, usage_type: 'licensed' as const }
      : null,
    quantity_available: 0,
    quantity_sold: 0,
    quantity_limit_per_checkout: 0,
    livemode: false,
    created_at: 1_800_000_000,
  };
}

/** A merchant's catalogue past the hundred prices a page holds; the atlas is the last of it. */
const STICKERS = Array.from({ length: 120 }, (_, index) =>
  price(`price_sticker_${index}`, {
    product: { ...PRODUCT, id: `prod_sticker_${index}`, name: `Sticker ${index}` },
  }),
);
const ATLAS = price('price_atlas', {
  product: { ...PRODUCT, id: 'prod_atlas', name: 'Rare atlas' },
  nickname: 'First edition',
});
const CATALOGUE = [
  ...STICKERS,
  price('price_once'),
  price('price_monthly', { recurring: true }),
  price('price_eth', { currencyId: 'pc_eth' }),
  ATLAS,
];

const USD = {
  id: 'pc_usd',
  object: 'payment_currency',
  payment_method_id: 'pm_test',
  symbol: 'USD',
  name: 'US dollar',
  logo: '',
  decimal: 2,
  maximum_precision: 2,
  active: true,
  contract: null,
  livemode: false,
  created_at: 1_800_000_000,
};

/** The server's answer to a create: the link as sent, with what the server adds. */
function createdLink(body: Record<string, unknown>) {
  return {
    ...body,
    id: 'plink_new',
    object: 'payment_link',
    active: true,
    after_completion: {
      type: 'redirect',
      hosted_confirmation: null,
      redirect: { url: 'https://example.com/thanks' },
    },
    donation_settings: null,
    subscription_data: {
      trial_period_days: 14,
      trial_end: null,
      trial_currency: '',
      billing_threshold_amount: '0',
      min_stake_amount: '0',
    },
    metadata: {},
    created_at: 1_800_000_000,
  };
}

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', '/payment-kit/api/payment-currencies', { body: { list: [USD], count: 1 } });
  api.on('GET', PRICES, answerPriceSearch(CATALOGUE));
  api.on('GET', LINKS, { body: { list: [], count: 0 } });
});

async function openForm() {
  const user = userEvent.setup();
  renderAdmin('/admin/payment-links/new');
  await screen.findByRole('combobox', { name: 'Price' }, SLOW);
  return user;
}

/** Finds a price by typing into the picker, as the server searches. */
async function choosePrice(user: User, search: string, name: string) {
  await user.type(screen.getByRole('combobox', { name: 'Price' }), search);
  // The search asks once typing pauses: a slow machine may pause, and ask, midway too.
  await waitFor(() => expect(lastSearch()).toMatchObject({ q: search }), SLOW);
  await user.click(await screen.findByRole('option', { name }, SLOW));
}

const optionNames = async () =>
  (await screen.findAllByRole('option', undefined, SLOW)).map((option) => option.textContent);
const lastSearch = () => Object.fromEntries(api.sent('GET', PRICES).at(-1)!.query);

describe('PaymentLinkForm', () => {
  it("offers the currency's prices only, asks for trial days once a recurring price is in, and sends the API's body", async () => {
    api.on('POST', LINKS, (request) => ({ body: createdLink(request.body as Record<string, unknown>) }));
    const user = await openForm();
    expect(screen.queryByRole('spinbutton', { name: 'Trial days' })).toBeNull();
    await user.type(screen.getByRole('combobox', { name: 'Price' }), 'guide');
    await waitFor(() => expect(lastSearch()).toMatchObject({ q: 'guide' }), SLOW);
    // The server keeps the prices on sale in the link's currency: not the one in ETH.
    expect(lastSearch()).toMatchObject({ currency_id: 'pc_usd', active: 'true' });
    await waitFor(
      async () => expect(await optionNames()).toEqual(['Field guide · Once', 'Field guide · Monthly']),
      SLOW,
    );
    await user.click(screen.getByRole('option', { name: 'Field guide · Monthly' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Guide club');
    const trial = screen.getByRole('spinbutton', { name: 'Trial days' });
    await user.clear(trial);
    await user.type(trial, '14');
    await user.click(screen.getByRole('checkbox', { name: 'Collect phone numbers' }));
    await user.click(screen.getByRole('radio', { name: 'Go to a website' }));
    await user.type(screen.getByRole('textbox', { name: 'Website address' }), 'https://example.com/thanks');
    await user.click(screen.getByRole('button', { name: 'Create link' }));

    await waitFor(() => expect(api.sent('POST', LINKS)).toHaveLength(1));
    expect(api.sent('POST', LINKS)[0]!.body).toEqual({
      livemode: false,
      name: 'Guide club',
      currency_id: 'pc_usd',
      line_items: [{ price_id: 'price_monthly', quantity: 1, adjustable_quantity: null, cross_sell: false }],
      submit_type: 'auto',
      phone_number_collection: { enabled: true },
      billing_address_collection: 'auto',
      cross_sell_behavior: 'auto',
      subscription_data: { trial_period_days: 14 },
      after_completion: { type: 'redirect', redirect: { url: 'https://example.com/thanks' } },
      expires_after_seconds: 86_400,
    });
    expect(await screen.findByRole('heading', { name: 'Payment links' }, SLOW)).toBeTruthy();
  });

  it('finds a price past the first hundred by its product’s name, and sells it', async () => {
    api.on('POST', LINKS, (request) => ({ body: createdLink(request.body as Record<string, unknown>) }));
    const user = await openForm();
    await user.click(screen.getByRole('combobox', { name: 'Price' }));
    // Unsearched, the picker suggests a few; the atlas is not among them.
    expect(await optionNames()).toEqual(STICKERS.slice(0, 10).map((each) => `${each.product.name} · Once`));

    await choosePrice(user, 'ATLAS', 'Rare atlas · First edition');
    expect(lastSearch()).toMatchObject({ q: 'ATLAS', currency_id: 'pc_usd' });
    expect((screen.getByRole('combobox', { name: 'Price' }) as HTMLInputElement).value).toBe(
      'Rare atlas · First edition',
    );
    // A one-time price asks for no trial.
    expect(screen.queryByRole('spinbutton', { name: 'Trial days' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Atlas');
    await user.click(screen.getByRole('button', { name: 'Create link' }));

    await waitFor(() => expect(api.sent('POST', LINKS)).toHaveLength(1));
    expect(api.sent('POST', LINKS)[0]!.body).toMatchObject({
      line_items: [{ price_id: ATLAS.id, quantity: 1, adjustable_quantity: null, cross_sell: false }],
      subscription_data: null,
    });
  });

  it("shows the server's problems at the item fields they name", async () => {
    api.on('POST', LINKS, {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          details: [
            {
              path: 'line_items.0.quantity',
              message: 'quantity must lie between the adjustable minimum and maximum',
            },
          ],
        },
      },
    });
    const user = await openForm();
    await choosePrice(user, 'guide', 'Field guide · Once');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Guide');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' });
    await waitFor(() =>
      expect(document.getElementById(quantity.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        'quantity must lie between the adjustable minimum and maximum',
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('address').textContent).toBe('/admin/payment-links/new');
  });
});
