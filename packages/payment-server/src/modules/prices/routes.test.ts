import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { adminRequest } from '../../test-utils/admin-requests.ts';
import { openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { insertCurrencyIfMissing, insertMethodIfMissing } from '../payment-methods/repository.ts';

describe.each(TEST_DIALECTS)('price admin routes on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const create = (body: Record<string, unknown>) =>
    adminRequest(t, 'POST', '/prices', {
      livemode: false,
      product_id: DEMO.membershipProductId,
      currency_id: DEMO.usdCurrencyId,
      ...body,
    });
  const monthly = (count: number, extra: Record<string, unknown> = {}) =>
    create({
      type: 'recurring',
      recurring: { interval: 'month', interval_count: count },
      unit_amount: '900',
      ...extra,
    });
  const errorOf = async (response: Promise<{ json(): { error: { code: string; message: string } } }>) =>
    (await response).json().error;

  async function addCurrency(id: string, livemode: boolean, active = true) {
    const common = { livemode: livemode ? 1 : 0, created_at: t.clock.now() };
    await insertMethodIfMissing(t.db, {
      ...common,
      id: `pm_${id}`,
      type: 'ethereum',
      name: 'Ethereum',
      logo: '',
      active: 1,
      settings: '{}',
      default_currency_id: null,
    });
    await insertCurrencyIfMissing(t.db, {
      ...common,
      id: `pc_${id}`,
      payment_method_id: `pm_${id}`,
      symbol: 'ETH',
      name: 'Ether',
      logo: '',
      decimal: 18,
      maximum_precision: 6,
      active: active ? 1 : 0,
      contract: null,
    });
  }

  it('creates a recurring price every 3 months, with a currency option, and reads it back everywhere', async () => {
    await addCurrency('eth', false);
    const listed = () =>
      adminRequest(t, 'GET', `/prices?livemode=false&product_id=${DEMO.membershipProductId}`);
    const before = (await listed()).json().count;
    const created = await monthly(3, {
      nickname: 'Quarterly',
      currency_options: [{ currency_id: 'pc_eth', unit_amount: '3000000000000000' }],
      quantity_available: 10,
      quantity_limit_per_checkout: 2,
      metadata: { plan: 'q' },
    });
    expect(created.statusCode).toBe(200);
    const price = created.json();
    expect(price).toMatchObject({
      id: expect.stringMatching(/^price_/),
      object: 'price',
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 3, usage_type: 'licensed' },
      billing_scheme: 'per_unit',
      tiers: null,
      unit_amount: '900',
      currency_options: [
        { currency_id: 'pc_eth', unit_amount: '3000000000000000', custom_unit_amount: null, tiers: null },
      ],
      quantity_available: 10,
      quantity_sold: 0,
      quantity_limit_per_checkout: 2,
      nickname: 'Quarterly',
      metadata: { plan: 'q' },
      upsell: null,
      product: { id: DEMO.membershipProductId },
    });
    expect((await adminRequest(t, 'GET', `/prices/${price.id}`)).json()).toEqual(price);
    const list = (await listed()).json();
    expect(list.count).toBe(before + 1);
    expect(list.list.map((p: { id: string }) => p.id)).toContain(price.id);
  });

  it('rejects an unsupported interval with its own code', async () => {
    const response = await create({
      type: 'recurring',
      recurring: { interval: 'fortnight' },
      unit_amount: '1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'UNSUPPORTED_INTERVAL',
      message: 'Unsupported recurring interval: fortnight',
    });
    expect((await errorOf(monthly(37))).code).toBe('VALIDATION_FAILED');
  });

  it('creates graduated tiers and refuses bad ones', async () => {
    const tiers = [
      { up_to: 10, unit_amount: '500' },
      { up_to: null, unit_amount: '400', flat_amount: '100' },
    ];
    const created = await create({ billing_scheme: 'tiered', tiers_mode: 'graduated', tiers });
    expect(created.json()).toMatchObject({
      billing_scheme: 'tiered',
      tiers_mode: 'graduated',
      tiers: [
        { up_to: 10, unit_amount: '500', flat_amount: null },
        { up_to: null, unit_amount: '400', flat_amount: '100' },
      ],
    });
    const descending = await create({
      billing_scheme: 'tiered',
      tiers_mode: 'volume',
      tiers: [
        { up_to: 10, unit_amount: '5' },
        { up_to: 5, unit_amount: '4' },
        { up_to: null, unit_amount: '3' },
      ],
    });
    expect(descending.statusCode).toBe(400);
    expect(descending.json().error.details).toContainEqual(
      expect.objectContaining({ path: 'tiers.1.up_to' }),
    );
    const openMiddle = await create({
      billing_scheme: 'tiered',
      tiers_mode: 'volume',
      tiers: [
        { up_to: null, unit_amount: '5' },
        { up_to: 5, unit_amount: '4' },
      ],
    });
    expect(openMiddle.json().error.code).toBe('VALIDATION_FAILED');
    expect(
      (await errorOf(create({ billing_scheme: 'tiered', tiers_mode: 'volume', unit_amount: '5' }))).code,
    ).toBe('VALIDATION_FAILED');
    expect((await errorOf(create({ unit_amount: '5', custom_unit_amount: { minimum: '1' } }))).code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await errorOf(create({ unit_amount: '-5' }))).code).toBe('VALIDATION_FAILED');
  });

  it('refuses unknown, inactive and other-mode currency options and products', async () => {
    await addCurrency('live_eth', true);
    await addCurrency('old_eth', false, false);
    for (const currency_id of ['pc_nope', 'pc_live_eth', 'pc_old_eth']) {
      const response = await create({
        unit_amount: '1',
        currency_options: [{ currency_id, unit_amount: '1' }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.details).toEqual([
        { path: 'currency_options.0.currency_id', message: expect.stringContaining(currency_id) },
      ]);
    }
    const liveProduct = (await adminRequest(t, 'POST', '/products', { livemode: true, name: 'Live' })).json();
    const crossMode = await create({ product_id: liveProduct.id, unit_amount: '1' });
    expect(crossMode.json().error.details).toEqual([{ path: 'product_id', message: expect.any(String) }]);
    const liveCurrency = await create({
      livemode: true,
      product_id: liveProduct.id,
      currency_id: DEMO.usdCurrencyId,
      unit_amount: '1',
    });
    expect(liveCurrency.json().error.details[0].path).toBe('currency_id');
  });

  it('upsells only to a longer interval of the same product', async () => {
    const quarterly = (await monthly(3)).json();
    const yearly = (
      await create({ type: 'recurring', recurring: { interval: 'year' }, unit_amount: '9000' })
    ).json();

    const up = await monthly(1, { upsell: { upsells_to_id: yearly.id } });
    expect(up.json().upsell).toEqual({ upsells_to_id: yearly.id });

    const shorter = await create({
      type: 'recurring',
      recurring: { interval: 'year' },
      unit_amount: '1',
      upsell: { upsells_to_id: quarterly.id },
    });
    expect(shorter.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'An upsell must go to a longer billing interval',
    });
    const otherProduct = await create({
      product_id: DEMO.licenseProductId,
      type: 'recurring',
      recurring: { interval: 'day' },
      unit_amount: '1',
      upsell: { upsells_to_id: yearly.id },
    });
    expect(otherProduct.statusCode).toBe(400);
    const updated = await adminRequest(t, 'PUT', `/prices/${quarterly.id}`, {
      upsell: { upsells_to_id: yearly.id },
    });
    expect(updated.json().upsell).toEqual({ upsells_to_id: yearly.id });
  });

  it('keeps amounts immutable and lets the rest change, including archiving', async () => {
    const price = (await monthly(1)).json();
    const amount = await adminRequest(t, 'PUT', `/prices/${price.id}`, { unit_amount: '1', nickname: 'x' });
    expect(amount.statusCode).toBe(400);
    expect(amount.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'unit_amount', message: expect.stringContaining('Amounts cannot change') }],
    });
    expect((await adminRequest(t, 'GET', `/prices/${price.id}`)).json().nickname).toBe('');

    const changed = await adminRequest(t, 'PUT', `/prices/${price.id}`, {
      active: false,
      nickname: 'Old monthly',
      quantity_available: 5,
      quantity_limit_per_checkout: 1,
      metadata: { a: 'b' },
    });
    expect(changed.json()).toMatchObject({
      active: false,
      nickname: 'Old monthly',
      quantity_available: 5,
      quantity_limit_per_checkout: 1,
      metadata: { a: 'b' },
      unit_amount: '900',
    });
    const active = (await adminRequest(t, 'GET', '/prices?livemode=false&active=false')).json();
    expect(active.list.map((p: { id: string }) => p.id)).toEqual([price.id]);
  });

  describe('searched by q', () => {
    const product = async (name: string, livemode = false) =>
      (await adminRequest(t, 'POST', '/products', { livemode, name })).json().id as string;
    const search = async (query: string) => {
      const response = await adminRequest(t, 'GET', `/prices?livemode=false&${query}`);
      expect(response.statusCode).toBe(200);
      const page = response.json() as { list: { id: string }[]; count: number };
      return { ids: page.list.map((price) => price.id).sort(), count: page.count };
    };
    const ids = (...prices: { id: string }[]) => prices.map((price) => price.id).sort();

    it("finds a price by its product's name, its nickname or its exact id, ignoring case", async () => {
      const widget = await product('Widget DELUXE');
      const plain = (await create({ product_id: widget, unit_amount: '100' })).json();
      const named = (
        await create({ product_id: widget, unit_amount: '200', nickname: 'Launch offer' })
      ).json();
      const other = (await create({ unit_amount: '300', nickname: 'Widget-free' })).json();

      expect(await search('q=wIdGeT')).toEqual({ ids: ids(plain, named, other), count: 3 });
      expect(await search(`q=${encodeURIComponent('  deluxe ')}`)).toMatchObject({ ids: ids(plain, named) });
      expect((await search('q=LAUNCH')).ids).toEqual([named.id]);
      expect((await search(`q=${other.id}`)).ids).toEqual([other.id]);
      // An id matches whole only: a part of one is no search term a merchant types.
      expect((await search(`q=${other.id.slice(0, -2)}`)).ids).toEqual([]);
      expect((await search('q=no such thing')).count).toBe(0);
    });

    it('takes % and _ as themselves', async () => {
      const half = await product('Gadget 50% off');
      const fifty = (await create({ product_id: half, unit_amount: '1' })).json();
      await create({ product_id: await product('Gadget 500 off'), unit_amount: '1' });
      const snake = (await create({ unit_amount: '1', nickname: 'tier_a' })).json();
      await create({ unit_amount: '1', nickname: 'tierXa' });

      expect((await search(`q=${encodeURIComponent('50%')}`)).ids).toEqual([fifty.id]);
      expect((await search('q=tier_a')).ids).toEqual([snake.id]);
      expect((await search(`q=${encodeURIComponent('%')}`)).ids).toEqual([fifty.id]);
    });

    it('narrows with active, product_id and the mode, and pages what it finds', async () => {
      const widget = await product('Widget');
      const kept = (await create({ product_id: widget, unit_amount: '1' })).json();
      const archived = (await create({ product_id: widget, unit_amount: '2' })).json();
      await adminRequest(t, 'PUT', `/prices/${archived.id}`, { active: false });
      const member = (await create({ unit_amount: '3', nickname: 'widget club' })).json();
      await addCurrency('live_eth', true);
      const liveWidget = await product('Widget', true);
      const live = await create({
        livemode: true,
        product_id: liveWidget,
        currency_id: 'pc_live_eth',
        unit_amount: '4',
      });
      expect(live.statusCode).toBe(200);

      expect(await search('q=widget')).toMatchObject({ ids: ids(kept, archived, member), count: 3 });
      expect((await search('q=widget&active=true')).ids).toEqual(ids(kept, member));
      expect((await search('q=widget&active=false')).ids).toEqual([archived.id]);
      expect((await search(`q=widget&product_id=${widget}&active=true`)).ids).toEqual([kept.id]);
      const pages = [await search('q=widget&pageSize=2&page=1'), await search('q=widget&pageSize=2&page=2')];
      expect(pages.map((page) => page.count)).toEqual([3, 3]);
      expect(pages.flatMap((page) => page.ids).sort()).toEqual(ids(kept, archived, member));
    });

    it('keeps the prices payable in a currency, as their own or a currency option', async () => {
      await addCurrency('eth', false);
      const widget = await product('Widget');
      const usd = (await create({ product_id: widget, unit_amount: '1' })).json();
      const both = (
        await create({
          product_id: widget,
          unit_amount: '2',
          currency_options: [{ currency_id: 'pc_eth', unit_amount: '3' }],
        })
      ).json();
      const eth = (await create({ product_id: widget, currency_id: 'pc_eth', unit_amount: '4' })).json();

      expect((await search('q=widget&currency_id=pc_eth')).ids).toEqual(ids(both, eth));
      expect((await search(`q=widget&currency_id=${DEMO.usdCurrencyId}`)).ids).toEqual(ids(usd, both));
    });

    it('refuses a search longer than 100 characters', async () => {
      const response = await adminRequest(t, 'GET', `/prices?livemode=false&q=${'a'.repeat(101)}`);
      expect(response.statusCode).toBe(400);
    });

    it('stays for admins only', async () => {
      expect((await adminRequest(t, 'GET', '/prices?q=club', undefined, 'member')).statusCode).toBe(403);
      expect((await adminRequest(t, 'GET', '/prices?q=club', undefined, null)).statusCode).toBe(401);
    });
  });

  it('is for admins only', async () => {
    expect((await adminRequest(t, 'GET', '/prices', undefined, null)).statusCode).toBe(401);
    expect(
      (await adminRequest(t, 'GET', `/prices/${DEMO.licensePriceId}`, undefined, 'member')).statusCode,
    ).toBe(403);
  });
});
