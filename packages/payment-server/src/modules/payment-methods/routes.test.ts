import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { startDevChain, type DevChain } from '@bazaar/dev-chain';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { adminRequest } from '../../test-utils/admin-requests.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';

const STRIPE_SETTINGS = {
  publishable_key: 'pk_test_abcdefgh123',
  secret_key: 'sk_test_supersecret123',
  webhook_secret: 'whsec_signingsecret123',
  dashboard: 'https://dashboard.stripe.com/test',
};
const TOKEN = '0x' + 'ab'.repeat(20);

let chain: DevChain;
beforeAll(async () => {
  chain = await startDevChain();
});
afterAll(async () => {
  await chain.close();
});

describe.each(TEST_DIALECTS)('payment method and currency admin routes on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const createMethod = (body: Record<string, unknown>) =>
    adminRequest(t, 'POST', '/payment-methods', { livemode: false, name: 'Method', ...body });
  const ethereum = () =>
    createMethod({
      type: 'ethereum',
      name: 'Ethereum',
      settings: { chain_id: 1, api_host: 'https://rpc.example', explorer_host: 'https://etherscan.io' },
    });

  it('keeps the stripe secret key and webhook secret write-only, everywhere', async () => {
    const created = await createMethod({ type: 'stripe', name: 'Card', settings: STRIPE_SETTINGS });
    expect(created.statusCode).toBe(200);
    const method = created.json();
    expect(method).toMatchObject({
      type: 'stripe',
      has_secret_key: true,
      has_webhook_secret: true,
      settings: { publishable_key: STRIPE_SETTINGS.publishable_key, dashboard: STRIPE_SETTINGS.dashboard },
    });
    await adminRequest(t, 'POST', '/payment-currencies', {
      payment_method_id: method.id,
      symbol: 'EUR',
      name: 'Euro',
      decimal: 2,
    });
    const renamed = await adminRequest(t, 'PUT', `/payment-methods/${method.id}`, {
      name: 'Cards',
      settings: { publishable_key: 'pk_test_zyxwvuts987' },
    });
    expect(renamed.json()).toMatchObject({
      name: 'Cards',
      has_secret_key: true,
      settings: { publishable_key: 'pk_test_zyxwvuts987' },
    });
    const everything = [
      created.body,
      renamed.body,
      (await adminRequest(t, 'GET', `/payment-methods/${method.id}`)).body,
      (await adminRequest(t, 'GET', '/payment-methods?livemode=false')).body,
      (await t.app.inject({ url: `${API}/settings?livemode=false` })).body,
    ];
    for (const body of everything) {
      expect(body).not.toContain('sk_test_supersecret123');
      expect(body).not.toContain('whsec_signingsecret123');
    }
    expect((await t.app.inject({ url: `${API}/settings?livemode=false` })).body).toContain(
      'pk_test_zyxwvuts987',
    );
  });

  it('validates settings per type', async () => {
    const badKey = await createMethod({
      type: 'stripe',
      settings: { ...STRIPE_SETTINGS, secret_key: 'nope' },
    });
    expect(badKey.json().error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(badKey.json().error.details[0].path).toContain('secret_key');
    expect(
      (
        await createMethod({
          type: 'base',
          settings: { chain_id: 'x', api_host: 'https://a.b', explorer_host: 'https://c.d' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await createMethod({ type: 'paypal', settings: {} })).statusCode).toBe(400);
    const method = (await ethereum()).json();
    const update = await adminRequest(t, 'PUT', `/payment-methods/${method.id}`, {
      settings: { explorer_host: 'ftp://x' },
    });
    expect(update.json().error.details).toEqual([
      { path: 'settings.explorer_host', message: 'Expected an http or https URL' },
    ]);
  });

  it('takes a vault key only for a chain its RPC address serves, and never answers the key', async () => {
    const vaultKey: `0x${string}` = `0x${'11'.repeat(32)}`;
    const settings = { chain_id: 31337, api_host: chain.rpcUrl, explorer_host: '', secret_key: vaultKey };
    const wrongChain = await createMethod({ type: 'ethereum', settings: { ...settings, chain_id: 1 } });
    expect(wrongChain.json().error.details).toEqual([
      { path: 'settings.chain_id', message: `${chain.rpcUrl} serves chain 31337, not 1` },
    ]);
    const unreachable = await createMethod({
      type: 'ethereum',
      settings: { ...settings, api_host: 'http://127.0.0.1:9' },
    });
    expect(unreachable.json().error.details[0].path).toBe('settings.api_host');

    const created = await createMethod({ type: 'ethereum', settings });
    expect(created.statusCode).toBe(200);
    expect(created.json().settings).toEqual({
      chain_id: 31337,
      api_host: chain.rpcUrl,
      explorer_host: '',
      confirmations: 1,
      vault_address: privateKeyToAccount(vaultKey).address,
    });
    expect(created.json().has_secret_key).toBe(true);
    const moved = await adminRequest(t, 'PUT', `/payment-methods/${created.json().id}`, {
      settings: { api_host: 'http://127.0.0.1:9' },
    });
    expect(moved.json().error.details[0].path).toBe('settings.api_host');
    const renamed = await adminRequest(t, 'PUT', `/payment-methods/${created.json().id}`, { name: 'Vault' });
    expect(renamed.json()).toMatchObject({ name: 'Vault', has_secret_key: true });
    const everything = [
      created.body,
      moved.body,
      renamed.body,
      (await adminRequest(t, 'GET', `/payment-methods/${created.json().id}`)).body,
      (await adminRequest(t, 'GET', '/payment-methods?livemode=false')).body,
      (await t.app.inject({ url: `${API}/settings?livemode=false` })).body,
    ];
    for (const body of everything) expect(body.toLowerCase()).not.toContain('11'.repeat(32));
  });

  it('creates currencies with contracts, offers only active ones of active methods, and freezes decimal once used', async () => {
    const method = (await ethereum()).json();
    const usdc = await adminRequest(t, 'POST', '/payment-currencies', {
      payment_method_id: method.id,
      symbol: 'USDC',
      name: 'USD Coin',
      decimal: 6,
      contract: TOKEN,
    });
    expect(usdc.json()).toMatchObject({
      object: 'payment_currency',
      decimal: 6,
      maximum_precision: 6,
      contract: TOKEN,
      livemode: false,
      active: true,
    });
    const bad = [{ contract: '0x1234' }, { decimal: 19 }, { decimal: 2, maximum_precision: 3 }];
    for (const body of bad) {
      const response = await adminRequest(t, 'POST', '/payment-currencies', {
        payment_method_id: method.id,
        symbol: 'X',
        name: 'X',
        decimal: 6,
        ...body,
      });
      expect(response.statusCode).toBe(400);
    }
    const onCard = await adminRequest(t, 'POST', '/payment-currencies', {
      payment_method_id: DEMO.cardMethodId,
      symbol: 'T',
      name: 'T',
      decimal: 2,
      contract: TOKEN,
    });
    expect(onCard.json().error.details[0].path).toBe('contract');

    // A live currency under a test method used to be stored silently as test data.
    const countCurrencies = async () =>
      (await t.db.selectFrom('payment_currencies').select('id').execute()).length;
    const before = await countCurrencies();
    const mixed = await adminRequest(t, 'POST', '/payment-currencies', {
      payment_method_id: method.id,
      symbol: 'LIVE',
      name: 'Live dollar',
      decimal: 2,
      livemode: true,
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'livemode' }] });
    expect(await countCurrencies()).toBe(before);

    const inactive = await adminRequest(t, 'POST', '/payment-currencies', {
      payment_method_id: method.id,
      symbol: 'OLD',
      name: 'Old',
      decimal: 18,
      active: false,
    });
    let settings = (await t.app.inject({ url: `${API}/settings?livemode=false` })).json();
    const offered = settings.paymentMethods.find((m: { id: string }) => m.id === method.id);
    expect(offered.payment_currencies.map((c: { symbol: string }) => c.symbol)).toEqual(['USDC']);
    await adminRequest(t, 'PUT', `/payment-methods/${method.id}`, { active: false });
    settings = (await t.app.inject({ url: `${API}/settings?livemode=false` })).json();
    expect(settings.paymentMethods.map((m: { id: string }) => m.id)).toEqual([DEMO.cardMethodId]);
    expect(
      (
        await adminRequest(t, 'GET', `/payment-currencies?livemode=false&payment_method_id=${method.id}`)
      ).json().count,
    ).toBe(2);
    expect((await adminRequest(t, 'GET', `/payment-currencies/${inactive.json().id}`)).json().active).toBe(
      false,
    );

    expect(
      (await adminRequest(t, 'PUT', `/payment-currencies/${usdc.json().id}`, { decimal: 8 })).json().decimal,
    ).toBe(8);
    const used = await adminRequest(t, 'PUT', `/payment-currencies/${DEMO.usdCurrencyId}`, { decimal: 3 });
    expect(used.statusCode).toBe(409);
    expect(used.json().error.code).toBe('OBJECT_IN_USE');
    expect(
      (await adminRequest(t, 'PUT', `/payment-currencies/${DEMO.usdCurrencyId}`, { name: 'Dollar' })).json()
        .name,
    ).toBe('Dollar');
  });

  it('is for admins only and keeps modes apart', async () => {
    expect((await adminRequest(t, 'GET', '/payment-methods', undefined, null)).statusCode).toBe(401);
    expect((await adminRequest(t, 'GET', '/payment-currencies', undefined, 'member')).statusCode).toBe(403);
    await createMethod({
      livemode: true,
      type: 'bitcoin',
      settings: { chain_id: 'mainnet', api_host: 'https://a.b', explorer_host: 'https://c.d' },
    });
    expect((await adminRequest(t, 'GET', '/payment-methods?livemode=true')).json()).toMatchObject({
      count: 1,
      list: [{ type: 'bitcoin', livemode: true }],
    });
    expect((await adminRequest(t, 'GET', '/payment-methods?livemode=false')).json().count).toBe(1);
  });
});
