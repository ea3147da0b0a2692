import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminPaymentMethod } from '@bazaar/schemas';
import { createAdminApiStub, USERS } from '../test-utils/admin-api-stub.ts';
import { MIDDAY, USD } from '../test-utils/customer-builders.ts';
import { renderAdmin } from '../test-utils/render-admin.tsx';

/** The first render loads the dashboard's lazy chunks. */
const SLOW = { timeout: 8_000 };
const api = createAdminApiStub();
const METHODS = '/payment-kit/api/payment-methods';
const CURRENCIES = '/payment-kit/api/payment-currencies';

function makeMethod(overrides: Partial<AdminPaymentMethod> = {}): AdminPaymentMethod {
  return {
    id: 'pm_card',
    object: 'payment_method',
    type: 'stripe',
    name: 'Card',
    logo: '',
    active: true,
    livemode: false,
    settings: {},
    default_currency_id: USD.id,
    payment_currencies: [{ ...USD, payment_method_id: 'pm_card' }],
    has_secret_key: false,
    has_webhook_secret: false,
    created_at: MIDDAY,
    ...overrides,
  };
}

const STRIPE = makeMethod({
  id: 'pm_stripe',
  name: 'Stripe cards',
  settings: { publishable_key: 'pk_test_abcdefgh123', dashboard: 'https://dashboard.stripe.com' },
  has_secret_key: true,
  has_webhook_secret: false,
  payment_currencies: [],
});
const CHAIN = makeMethod({
  id: 'pm_base',
  type: 'base',
  name: 'Base',
  settings: {
    chain_id: 8453,
    api_host: 'https://mainnet.base.org',
    explorer_host: 'https://basescan.org',
    confirmations: 2,
    vault_address: '0x1111111111111111111111111111111111111111',
  },
  has_secret_key: true,
  default_currency_id: null,
  payment_currencies: [],
});

function region(name: string) {
  return screen.getByRole('region', { name });
}

beforeAll(() => api.install());
beforeEach(() => {
  api.reset(USERS.admin);
  api.on('GET', METHODS, { body: { list: [makeMethod(), STRIPE, CHAIN], count: 3 } });
});

describe('SettingsPage', () => {
  it(
    'shows each method, its secrets only as set or not set, and the way to the donation settings',
    { timeout: 15_000 },
    async () => {
      renderAdmin('/admin/settings');
      expect(await screen.findByRole('heading', { name: 'Stripe cards' }, SLOW)).toBeTruthy();

      const testCards = region('Card');
      expect(within(testCards).getByText('Cards (test card network)')).toBeTruthy();
      expect(within(testCards).getByText('US Dollar')).toBeTruthy();
      expect(within(testCards).getByText('Decimals 2')).toBeTruthy();
      expect(within(testCards).getByText('Default')).toBeTruthy();

      const stripe = region('Stripe cards');
      expect(within(stripe).getByText('Cards (Stripe)')).toBeTruthy();
      expect(within(stripe).getByText('pk_test_abcdefgh123')).toBeTruthy();
      expect(within(stripe).getByText('Secret key').nextSibling?.textContent).toBe('Set');
      expect(within(stripe).getByText('Webhook signing secret').nextSibling?.textContent).toBe('Not set');
      expect(
        within(stripe).getByText('http://localhost/payment-kit/api/stripe/webhooks/pm_stripe'),
      ).toBeTruthy();

      const chain = region('Base');
      expect(within(chain).getByText('8453')).toBeTruthy();
      expect(within(chain).getByText('https://mainnet.base.org')).toBeTruthy();
      expect(within(chain).getByText('Vault private key').nextSibling?.textContent).toBe('Set');
      expect(within(chain).getByText('0x1111111111111111111111111111111111111111')).toBeTruthy();

      const donations = screen.getByRole('link', { name: 'Open donation settings' });
      expect(donations.getAttribute('href')).toBe('/integrations/donations');
    },
  );

  it(
    'edits a Stripe method without reading its secret back: an empty secret keeps it, a typed one replaces it',
    { timeout: 15_000 },
    async () => {
      api.on('PUT', `${METHODS}/pm_stripe`, { body: STRIPE });
      renderAdmin('/admin/settings');
      const user = userEvent.setup();
      await screen.findByRole('heading', { name: 'Stripe cards' }, SLOW);
      await user.click(within(region('Stripe cards')).getByRole('button', { name: 'Edit' }));

      let dialog = screen.getByRole('dialog', { name: 'Edit Stripe cards' });
      const secret = within(dialog).getByLabelText('Secret key') as HTMLInputElement;
      expect(secret.value).toBe('');
      expect(secret.type).toBe('password');
      expect(within(dialog).getByText('Type a new one to replace it; it is never shown again.')).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      await user.click(within(region('Stripe cards')).getByRole('button', { name: 'Edit' }));
      dialog = screen.getByRole('dialog', { name: 'Edit Stripe cards' });
      await user.type(within(dialog).getByLabelText('Secret key'), 'sk_test_newsecret123');
      await user.type(within(dialog).getByLabelText('Webhook signing secret'), 'whsec_signing12345');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(api.sent('PUT', `${METHODS}/pm_stripe`)).toHaveLength(2));

      expect(api.sent('PUT', `${METHODS}/pm_stripe`).map((request) => request.body)).toEqual([
        { name: 'Stripe cards', logo: '', settings: { publishable_key: 'pk_test_abcdefgh123' } },
        {
          name: 'Stripe cards',
          logo: '',
          settings: {
            publishable_key: 'pk_test_abcdefgh123',
            secret_key: 'sk_test_newsecret123',
            webhook_secret: 'whsec_signing12345',
          },
        },
      ]);
    },
  );

  it('creates a Stripe method and shows the server’s problems at their fields', async () => {
    api.on('POST', METHODS, {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          details: [{ path: 'settings.secret_key', message: 'Expected a secret key sk_test_… or sk_live_…' }],
        },
      },
    });
    renderAdmin('/admin/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add payment method' }, SLOW));
    const dialog = screen.getByRole('dialog', { name: 'New payment method' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Cards');
    await user.type(within(dialog).getByLabelText(/^Publishable key/), 'pk_test_abcdefgh123');
    await user.type(within(dialog).getByLabelText(/^Secret key/), 'pk_wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Expected a secret key sk_test_… or sk_live_…')).toBeTruthy();
    expect(api.sent('POST', METHODS).map((request) => request.body)).toEqual([
      {
        type: 'stripe',
        name: 'Cards',
        logo: '',
        livemode: false,
        settings: { publishable_key: 'pk_test_abcdefgh123', secret_key: 'pk_wrong' },
      },
    ]);
  });

  it('creates a chain method with its RPC, chain id, confirmations and vault key', async () => {
    api.on('POST', METHODS, { body: CHAIN });
    renderAdmin('/admin/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add payment method' }, SLOW));
    const dialog = screen.getByRole('dialog', { name: 'New payment method' });
    await user.click(within(dialog).getByRole('radio', { name: 'Base (EVM chain)' }));
    await user.type(within(dialog).getByLabelText(/^Name/), 'Base');
    await user.type(within(dialog).getByLabelText(/^Chain ID/), '8453');
    const confirmations = within(dialog).getByLabelText(/^Confirmations/);
    await user.clear(confirmations);
    await user.type(confirmations, '2');
    await user.type(within(dialog).getByLabelText(/^RPC URL/), 'https://mainnet.base.org');
    await user.type(within(dialog).getByLabelText(/^Vault private key/), `0x${'ab'.repeat(32)}`);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', METHODS).map((request) => request.body)).toEqual([
      {
        type: 'base',
        name: 'Base',
        logo: '',
        livemode: false,
        settings: {
          chain_id: 8453,
          api_host: 'https://mainnet.base.org',
          explorer_host: '',
          confirmations: 2,
          secret_key: `0x${'ab'.repeat(32)}`,
        },
      },
    ]);
  });

  it('switches a method off, makes another currency its default, and adds a token to a chain method', async () => {
    const euro = { ...USD, id: 'pc_eur', payment_method_id: 'pm_card', symbol: 'EUR', name: 'Euro' };
    const card = makeMethod({ payment_currencies: [{ ...USD, payment_method_id: 'pm_card' }, euro] });
    api.on('GET', METHODS, { body: { list: [card, STRIPE, CHAIN], count: 3 } });
    api.on('PUT', `${METHODS}/pm_card`, { body: makeMethod({ active: false }) });
    api.on('POST', CURRENCIES, {
      body: { ...USD, id: 'pc_usdc', symbol: 'USDC', object: 'payment_currency', created_at: MIDDAY },
    });
    renderAdmin('/admin/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Card is active' }, SLOW));
    await waitFor(() =>
      expect(api.sent('PUT', `${METHODS}/pm_card`).map((request) => request.body)).toEqual([
        { active: false },
      ]),
    );
    // The default has no button of its own.
    expect(screen.queryByRole('button', { name: 'Make $ the default' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Make EUR the default' }));
    await waitFor(() =>
      expect(api.sent('PUT', `${METHODS}/pm_card`).map((request) => request.body)).toEqual([
        { active: false },
        { default_currency_id: 'pc_eur' },
      ]),
    );

    await user.click(within(region('Base')).getByRole('button', { name: 'Add currency' }));
    const dialog = screen.getByRole('dialog', { name: 'New currency of Base' });
    expect((within(dialog).getByLabelText(/^Decimals/) as HTMLInputElement).value).toBe('18');
    await user.type(within(dialog).getByLabelText(/^Symbol/), 'USDC');
    await user.type(within(dialog).getByLabelText(/^Name/), 'USD Coin');
    const decimals = within(dialog).getByLabelText(/^Decimals/);
    await user.clear(decimals);
    await user.type(decimals, '6');
    await user.type(within(dialog).getByLabelText(/^Token contract/), `0x${'cd'.repeat(20)}`);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', CURRENCIES).map((request) => request.body)).toEqual([
      {
        payment_method_id: 'pm_base',
        livemode: false,
        symbol: 'USDC',
        name: 'USD Coin',
        logo: '',
        decimal: 6,
        contract: `0x${'cd'.repeat(20)}`,
      },
    ]);
  });

  it('speaks Chinese', async () => {
    renderAdmin('/admin/settings', { locale: 'zh' });
    expect(await screen.findByRole('heading', { name: '支付方式' }, SLOW)).toBeTruthy();
    expect(await screen.findByText('银行卡（测试卡网络）', undefined, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: '打开捐赠设置' })).toBeTruthy();
  });
});
