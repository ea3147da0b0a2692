import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { adminRequest } from '../../test-utils/admin-requests.ts';
import { confirmCard, startCheckout } from '../../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { makeSubmitBody } from '../../test-utils/payment-test-kit.ts';
import { insertCurrencyIfMissing, insertMethodIfMissing } from '../payment-methods/repository.ts';

describe.each(TEST_DIALECTS)('payment link admin routes on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const createLink = (body: Record<string, unknown>) =>
    adminRequest(t, 'POST', '/payment-links', {
      livemode: false,
      name: 'Pro',
      currency_id: DEMO.usdCurrencyId,
      line_items: [{ price_id: DEMO.licensePriceId, quantity: 1 }],
      ...body,
    });
  const detailsOf = async (response: ReturnType<typeof createLink>) => (await response).json().error.details;

  it('creates a link with every option, reads, updates, archives and lists it', async () => {
    const created = await createLink({
      line_items: [
        {
          price_id: DEMO.monthlyPriceId,
          quantity: 2,
          adjustable_quantity: { enabled: true, minimum: 1, maximum: 5 },
        },
        { price_id: DEMO.licensePriceId, cross_sell: true },
      ],
      submit_type: 'book',
      phone_number_collection: { enabled: true },
      billing_address_collection: 'required',
      cross_sell_behavior: 'required',
      subscription_data: {
        trial_period_days: 7,
        trial_currency: DEMO.usdCurrencyId,
        min_stake_amount: '100',
      },
      after_completion: { type: 'redirect', redirect: { url: 'https://shop.example/thanks' } },
      expires_after_seconds: 3_600,
      metadata: { campaign: 'spring' },
    });
    expect(created.statusCode).toBe(200);
    const link = created.json();
    expect(link).toMatchObject({
      id: expect.stringMatching(/^plink_/),
      object: 'payment_link',
      livemode: false,
      line_items: [
        {
          price_id: DEMO.monthlyPriceId,
          quantity: 2,
          adjustable_quantity: { enabled: true, minimum: 1, maximum: 5 },
          cross_sell: false,
        },
        { price_id: DEMO.licensePriceId, quantity: 1, adjustable_quantity: null, cross_sell: true },
      ],
      submit_type: 'book',
      phone_number_collection: { enabled: true },
      billing_address_collection: 'required',
      cross_sell_behavior: 'required',
      subscription_data: {
        trial_period_days: 7,
        trial_end: null,
        trial_currency: DEMO.usdCurrencyId,
        billing_threshold_amount: '0',
        min_stake_amount: '100',
      },
      after_completion: {
        type: 'redirect',
        redirect: { url: 'https://shop.example/thanks' },
        hosted_confirmation: null,
      },
      expires_after_seconds: 3_600,
      metadata: { campaign: 'spring' },
    });
    expect((await adminRequest(t, 'GET', `/payment-links/${link.id}`)).json()).toEqual(link);

    const archived = await adminRequest(t, 'PUT', `/payment-links/${link.id}`, {
      active: false,
      name: 'Old',
    });
    expect(archived.json()).toMatchObject({ active: false, name: 'Old', submit_type: 'book' });
    const inactive = (await adminRequest(t, 'GET', '/payment-links?livemode=false&active=false')).json();
    expect(inactive).toMatchObject({ count: 1, list: [{ id: link.id }] });
    const search = (await adminRequest(t, 'GET', '/payment-links?livemode=false&q=bazaar&pageSize=2')).json();
    // The three demo links are all named "Bazaar …".
    expect(search.count).toBe(3);
    expect(search.list).toHaveLength(2);
    const started = await t.app.inject({ method: 'POST', url: `${API}/checkout-sessions/start/${link.id}` });
    expect(started.json().error.code).toBe('PAYMENT_LINK_INACTIVE');
  });

  it('sorts by name (case-blind) or creation, either way, the newest first by default', async () => {
    for (const name of ['fruit banana', 'Fruit Cherry', 'fruit apple']) {
      t.clock.advance(1);
      expect((await createLink({ name })).statusCode).toBe(200);
    }
    const names = async (query: string) =>
      (await adminRequest(t, 'GET', `/payment-links?livemode=false&q=fruit&${query}`))
        .json()
        .list.map((link: { name: string }) => link.name);
    expect(await names('')).toEqual(['fruit apple', 'Fruit Cherry', 'fruit banana']);
    expect(await names('sortBy=name')).toEqual(['fruit apple', 'fruit banana', 'Fruit Cherry']);
    expect(await names('sortBy=name&sortDirection=desc')).toEqual([
      'Fruit Cherry',
      'fruit banana',
      'fruit apple',
    ]);
    expect(await names('sortBy=created_at&sortDirection=asc&pageSize=2&page=2')).toEqual(['fruit apple']);
  });

  it('refuses links that mix currencies, point at unusable prices or break the rules', async () => {
    const common = { livemode: 0, created_at: t.clock.now() };
    await insertMethodIfMissing(t.db, {
      ...common,
      id: 'pm_eth',
      type: 'ethereum',
      name: 'Ethereum',
      logo: '',
      active: 1,
      settings: '{}',
      default_currency_id: null,
    });
    await insertCurrencyIfMissing(t.db, {
      ...common,
      id: 'pc_eth',
      payment_method_id: 'pm_eth',
      symbol: 'ETH',
      name: 'Ether',
      logo: '',
      decimal: 18,
      maximum_precision: 6,
      active: 1,
      contract: null,
    });

    expect(await detailsOf(createLink({ currency_id: 'pc_eth' }))).toEqual([
      { path: 'line_items.0.price_id', message: expect.stringContaining('a link cannot mix currencies') },
    ]);
    expect(await detailsOf(createLink({ line_items: [{ price_id: 'price_nope' }] }))).toEqual([
      { path: 'line_items.0.price_id', message: expect.stringContaining('price_nope') },
    ]);
    expect(await detailsOf(createLink({ livemode: true }))).toEqual([
      { path: 'currency_id', message: expect.stringContaining('live-mode') },
    ]);
    expect(
      await detailsOf(
        createLink({ after_completion: { type: 'redirect', redirect: { url: 'javascript:alert(1)' } } }),
      ),
    ).toEqual([{ path: 'after_completion.redirect.url', message: 'Expected an http or https URL' }]);
    expect(await detailsOf(createLink({ subscription_data: { trial_period_days: 7 } }))).toEqual([
      { path: 'subscription_data', message: 'subscription_data needs a recurring price' },
    ]);
    expect(
      (await createLink({ line_items: [{ price_id: DEMO.licensePriceId, cross_sell: true }] })).statusCode,
    ).toBe(400);
    expect((await createLink({ expires_after_seconds: 60 })).statusCode).toBe(400);
    expect((await createLink({ expires_after_seconds: 8 * 86_400 })).statusCode).toBe(400);
    await adminRequest(t, 'PUT', `/prices/${DEMO.licensePriceId}`, { active: false });
    expect(await detailsOf(createLink({}))).toEqual([
      { path: 'line_items.0.price_id', message: expect.any(String) },
    ]);
  });

  it('deactivates or renames a link whose price was archived since, but puts it on sale again only with prices on sale', async () => {
    const link = (await createLink({})).json();
    await adminRequest(t, 'PUT', `/prices/${DEMO.licensePriceId}`, { active: false });
    const put = (body: Record<string, unknown>) => adminRequest(t, 'PUT', `/payment-links/${link.id}`, body);

    expect((await put({ active: false, name: 'Retired' })).json()).toMatchObject({
      active: false,
      name: 'Retired',
    });
    expect(await detailsOf(put({ active: true }))).toEqual([
      { path: 'line_items.0.price_id', message: expect.any(String) },
    ]);
    expect(await detailsOf(put({ line_items: [{ price_id: DEMO.licensePriceId }] }))).toEqual([
      { path: 'line_items.0.price_id', message: expect.any(String) },
    ]);
    expect((await adminRequest(t, 'GET', `/payment-links/${link.id}`)).json()).toMatchObject({
      active: false,
      name: 'Retired',
    });
  });

  it('hands its staking terms to the sessions it starts; older links and sessions have none', async () => {
    const link = (
      await createLink({
        line_items: [{ price_id: DEMO.monthlyPriceId }],
        subscription_data: { billing_threshold_amount: '2500', min_stake_amount: '1000' },
      })
    ).json();
    const { checkoutSession } = await startCheckout(t, link.id);
    expect(checkoutSession.subscription_data).toEqual({
      trial_period_days: 0,
      trial_end: null,
      trial_currency: '',
      billing_threshold_amount: '2500',
      min_stake_amount: '1000',
    });

    // The demo membership link and this session were stored before the terms existed.
    const demo = (await startCheckout(t, DEMO.subscriptionLinkId)).checkoutSession;
    expect(demo.subscription_data).toMatchObject({ billing_threshold_amount: '0', min_stake_amount: '0' });
    await t.db
      .updateTable('checkout_sessions')
      .set({
        subscription_data: JSON.stringify({ trial_period_days: 7, trial_end: null, trial_currency: '' }),
      })
      .where('id', '=', checkoutSession.id)
      .execute();
    const retrieved = await t.app.inject({ url: `${API}/checkout-sessions/retrieve/${checkoutSession.id}` });
    expect(retrieved.json().checkoutSession.subscription_data).toMatchObject({
      trial_period_days: 7,
      billing_threshold_amount: '0',
      min_stake_amount: '0',
    });
  });

  describe('benefits', () => {
    const donationSettings = (beneficiaries: Record<string, unknown>[]) => ({
      presets: ['1', '5'],
      maximum: '100',
      beneficiaries,
    });
    const createDonationLink = (beneficiaries: Record<string, unknown>[]) =>
      createLink({
        line_items: [{ price_id: DEMO.donationPriceId }],
        submit_type: 'donate',
        donation_settings: donationSettings(beneficiaries),
      });
    const benefitsOf = (linkId: string, query = '') =>
      t.app.inject({ url: `${API}/payment-links/${linkId}/benefits${query}` });

    it('answers anyone with each share and its part of the amount asked about, adding up exactly', async () => {
      const created = await createDonationLink([
        {
          name: 'Ada',
          address: 'did:bazaar:ada',
          url: 'https://ada.example',
          avatar: 'https://ada.example/me.png',
          percent: 70,
        },
        { name: 'Bob', address: '0x00000000000000000000000000000000000000b0', percent: 30 },
      ]);
      expect(created.statusCode).toBe(200);
      const link = created.json();
      expect(link.donation_settings.beneficiaries).toEqual([
        {
          name: 'Ada',
          address: 'did:bazaar:ada',
          url: 'https://ada.example',
          avatar: 'https://ada.example/me.png',
          percent: 70,
        },
        {
          name: 'Bob',
          address: '0x00000000000000000000000000000000000000b0',
          url: null,
          avatar: null,
          percent: 30,
        },
      ]);

      const benefits = await benefitsOf(link.id, '?amount=1001&locale=zh&livemode=false');
      expect(benefits.statusCode).toBe(200);
      expect(benefits.json()).toEqual([
        {
          name: 'Ada',
          avatar: 'https://ada.example/me.png',
          url: 'https://ada.example',
          address: 'did:bazaar:ada',
          amount: '701',
          percent: 70,
        },
        {
          name: 'Bob',
          avatar: '/.well-known/service/user/avatar/0x00000000000000000000000000000000000000b0',
          url: null,
          address: '0x00000000000000000000000000000000000000b0',
          amount: '300',
          percent: 30,
        },
      ]);
    });

    it('shares equally when no percent is given, and names no amount when none is asked about', async () => {
      const link = (
        await createDonationLink([
          { name: 'A', address: 'did:bazaar:a' },
          { name: 'B', address: 'did:bazaar:b' },
          { name: 'C', address: 'did:bazaar:c' },
        ])
      ).json();
      const benefits = (await benefitsOf(link.id)).json();
      expect(benefits.map((benefit: { percent: number }) => benefit.percent)).toEqual([33.34, 33.33, 33.33]);
      expect(benefits.map((benefit: { amount: string | null }) => benefit.amount)).toEqual([
        null,
        null,
        null,
      ]);
      expect((await benefitsOf(link.id, '?amount=100')).json()[0].amount).toBe('34');
    });

    it('refuses percents that do not add up to 100, some percents missing, or one address twice', async () => {
      expect(
        await detailsOf(
          createDonationLink([
            { name: 'A', address: 'did:bazaar:a', percent: 60 },
            { name: 'B', address: 'did:bazaar:b', percent: 30 },
          ]),
        ),
      ).toEqual([
        { path: 'donation_settings.beneficiaries', message: 'Percents must add up to 100, not 90' },
      ]);
      expect(
        await detailsOf(
          createDonationLink([
            { name: 'A', address: 'did:bazaar:a', percent: 100 },
            { name: 'B', address: 'did:bazaar:b' },
          ]),
        ),
      ).toEqual([
        {
          path: 'donation_settings.beneficiaries',
          message: 'Give every beneficiary a percent, or none for equal shares',
        },
      ]);
      expect(
        await detailsOf(
          createDonationLink([
            { name: 'A', address: 'did:bazaar:a' },
            { name: 'A again', address: 'did:bazaar:a' },
          ]),
        ),
      ).toEqual([
        { path: 'donation_settings.beneficiaries.1.address', message: 'Each address may appear once' },
      ]);
      expect((await createDonationLink([{ name: '', address: 'did:bazaar:a', percent: 0 }])).statusCode).toBe(
        400,
      );

      const link = (await createDonationLink([])).json();
      const update = await adminRequest(t, 'PUT', `/payment-links/${link.id}`, {
        donation_settings: donationSettings([{ name: 'A', address: 'did:bazaar:a', percent: 50 }]),
      });
      expect(update.json().error.details).toEqual([
        { path: 'donation_settings.beneficiaries', message: 'Percents must add up to 100, not 50' },
      ]);
      expect((await benefitsOf(link.id)).json()).toEqual([]);
    });

    it("lists the demo donation link's two beneficiaries; none for other links; 404 and 400 otherwise", async () => {
      const demo = (await benefitsOf(DEMO.donationLinkId, '?amount=500')).json();
      expect(demo).toHaveLength(2);
      expect(demo.map((benefit: { amount: string }) => benefit.amount)).toEqual(['350', '150']);
      expect((await benefitsOf(DEMO.oneTimeLinkId)).json()).toEqual([]);
      const unknown = await benefitsOf('plink_nope');
      expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'NOT_FOUND']);
      expect((await benefitsOf(DEMO.donationLinkId, '?amount=-5')).statusCode).toBe(400);
      expect((await benefitsOf(DEMO.donationLinkId, '?amount=1.5')).statusCode).toBe(400);
      expect((await benefitsOf('cs_not_a_link')).statusCode).toBe(400);
    });
  });

  it('is for admins only', async () => {
    expect((await adminRequest(t, 'GET', '/payment-links', undefined, null)).statusCode).toBe(401);
    expect(
      (await createLink({}).then(() => adminRequest(t, 'GET', '/payment-links', undefined, 'member')))
        .statusCode,
    ).toBe(403);
  });

  it('feeds checkout: a product, price and link made through the API are paid with the test card', async () => {
    const product = (await adminRequest(t, 'POST', '/products', { livemode: false, name: 'Poster' })).json();
    const price = (
      await adminRequest(t, 'POST', '/prices', {
        livemode: false,
        product_id: product.id,
        currency_id: DEMO.usdCurrencyId,
        unit_amount: '2500',
      })
    ).json();
    const link = (
      await createLink({ name: 'Poster', line_items: [{ price_id: price.id, quantity: 2 }] })
    ).json();

    const headers = t.signedIn();
    const started = await t.app.inject({
      method: 'POST',
      url: `${API}/checkout-sessions/start/${link.id}`,
      headers,
    });
    expect(started.statusCode).toBe(200);
    const session = started.json().checkoutSession;
    expect(session).toMatchObject({
      amount_total: '5000',
      line_items: [{ price_id: price.id, quantity: 2 }],
    });
    const submitted = await t.app.inject({
      method: 'PUT',
      url: `${API}/checkout-sessions/${session.id}/submit`,
      headers,
      payload: makeSubmitBody(),
    });
    expect(submitted.statusCode).toBe(200);
    const { paymentIntent, stripeContext } = submitted.json();
    const confirmed = await confirmCard(
      t,
      paymentIntent.id,
      stripeContext.client_secret,
      TEST_CARDS.succeeds,
    );
    expect(confirmed.json().paymentIntent).toMatchObject({ status: 'succeeded', amount: '5000' });
    const retrieved = await t.app.inject({ url: `${API}/checkout-sessions/retrieve/${session.id}`, headers });
    expect(retrieved.json().checkoutSession).toMatchObject({ status: 'complete', payment_status: 'paid' });
  });
});
