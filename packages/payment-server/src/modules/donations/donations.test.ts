import {
  adminPaymentLinkSchema,
  adminPriceSchema,
  COMPONENT_IDS,
  donationSchema,
  donationSupportersSchema,
  settingSchema,
  type SupporterDisplay,
} from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { adminRequest } from '../../test-utils/admin-requests.ts';
import { confirmCard, startCheckout, submitSession } from '../../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';

const TARGET = 'app:did:bazaar:app_weather';

describe.each(TEST_DIALECTS)('donations on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  function makeLink(body: Record<string, unknown> = {}) {
    return t.app.inject({
      method: 'POST',
      url: `${API}/donations?livemode=false`,
      payload: { target: TARGET, title: 'Tip the weather app', ...body },
    });
  }

  async function linkId() {
    const response = await makeLink();
    expect(response.statusCode, response.body).toBe(200);
    return donationSchema.parse(response.json()).payment_link_id;
  }

  /** A signed-in payer donates the link's preset (1.00) by test card, appearing as they choose. */
  async function donate(payer: string, display: SupporterDisplay, name = 'Ada Payer') {
    t.clock.advance(60);
    const started = await startCheckout(t, await linkId(), { user: { did: payer } });
    const submitted = await submitSession(t, started.checkoutSession.id, payer, {
      customer_name: name,
      supporter_display: display,
    });
    expect(submitted.response.statusCode, submitted.response.body).toBe(200);
    const paid = await confirmCard(t, submitted.intentId, submitted.secret, TEST_CARDS.succeeds);
    expect(paid.statusCode, paid.body).toBe(200);
  }

  async function supporters(query = '', viewer?: string) {
    const response = await t.app.inject({
      url: `${API}/donations?target=${encodeURIComponent(TARGET)}&livemode=false${query}`,
      headers: viewer ? t.signedIn({ did: viewer }) : {},
    });
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.body, answer: donationSupportersSchema.parse(response.json()) };
  }

  it('makes one donation link per target, even when asked many times at once', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => makeLink()));
    const ids = new Set(answers.map((answer) => donationSchema.parse(answer.json()).payment_link_id));
    expect(ids.size).toBe(1);
    const links = await t.db
      .selectFrom('payment_links')
      .select('id')
      .where('submit_type', '=', 'donate')
      .execute();
    // The demo's own donation link, and this target's.
    expect(links).toHaveLength(2);
    const link = await t.db
      .selectFrom('payment_links')
      .selectAll()
      .where('id', '=', [...ids][0]!)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(link.donation_settings!)).toMatchObject({
      presets: ['1', '5', '10'],
      minimum: '0.01',
      maximum: '100',
    });
    expect(await supporters()).toMatchObject({ answer: { supporters: [], totalAmount: '0', count: 0 } });
  });

  it('refuses an amount finer than the currency counts, and makes nothing', async () => {
    const response = await makeLink({ amount: { minimum: '0.001' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details[0].path).toBe('amount.minimum');
    expect(await t.db.selectFrom('donation_links').selectAll().execute()).toEqual([]);
  });

  it("links a supporter's own row to their latest invoice, for them alone", async () => {
    await donate('did:bazaar:usr_hidden', 'anonymous', 'Hugo Hidden');
    await donate('did:bazaar:usr_public', 'public', 'Pat Public');
    const invoiceOf = async (did: string) =>
      (
        await t.db
          .selectFrom('invoices')
          .innerJoin('customers', 'customers.id', 'invoices.customer_id')
          .select('invoices.id')
          .where('customers.did', '=', did)
          .executeTakeFirstOrThrow()
      ).id;
    const hugo = await supporters('', 'did:bazaar:usr_hidden');
    expect(hugo.answer.supporters.map((s) => s.invoice_id)).toEqual([
      null,
      await invoiceOf('did:bazaar:usr_hidden'),
    ]);
    const stranger = await supporters('', 'did:bazaar:usr_stranger');
    expect(stranger.answer.supporters.map((s) => s.invoice_id)).toEqual([null, null]);
    expect((await supporters()).body).not.toContain('in_');
  });

  it('sums each supporter once, newest first, and shows each only as they chose', async () => {
    await donate('did:bazaar:usr_public', 'public', 'Pat Public');
    await donate('did:bazaar:usr_nameonly', 'name_only', 'Nina Nameonly');
    await donate('did:bazaar:usr_hidden', 'anonymous', 'Hugo Hidden');
    await donate('did:bazaar:usr_public', 'public', 'Pat Public');
    const { body, answer } = await supporters();
    expect(answer).toMatchObject({ totalAmount: '400', count: 3, currency: { symbol: 'USD' } });
    expect(answer.supporters.map((s) => [s.display, s.customer.name, s.amount_total])).toEqual([
      ['public', 'Pat Public', '200'],
      ['anonymous', null, '100'],
      ['name_only', 'Nina Nameonly', null],
    ]);
    const [pat, hugo, nina] = answer.supporters;
    // A card's brand and last digits are not shown to other visitors, even for a public supporter.
    expect(pat?.payment_details).toBeNull();
    expect(body).not.toContain('4242');
    expect(hugo).toMatchObject({ customer_id: null, customer: { did: null, metadata: { anonymous: true } } });
    expect(nina?.payment_details).toBeNull();
    // Nothing of the anonymous supporter leaves the server: not their name, DID or customer id.
    const hidden = await t.db
      .selectFrom('customers')
      .select(['id', 'did'])
      .where('did', '=', 'did:bazaar:usr_hidden')
      .executeTakeFirstOrThrow();
    for (const secret of ['Hugo Hidden', hidden.did, hidden.id]) expect(body).not.toContain(secret);
    // A page of one.
    expect((await supporters('&page=2&pageSize=1')).answer.supporters.map((s) => s.display)).toEqual([
      'anonymous',
    ]);
  });

  it('keeps a supporter anonymous once they asked to be', async () => {
    await donate('did:bazaar:usr_shy', 'anonymous', 'Sam Shy');
    await donate('did:bazaar:usr_shy', 'public', 'Sam Shy');
    const { body, answer } = await supporters();
    expect(answer.supporters).toEqual([
      expect.objectContaining({ display: 'anonymous', amount_total: '200' }),
    ]);
    expect(body).not.toContain('Sam Shy');
  });

  it('announces the new totals of each donation once, naming neither the supporter nor what they gave', async () => {
    await donate('did:bazaar:usr_hidden', 'anonymous', 'Hugo Hidden');
    const id = await linkId();
    const announced = () =>
      t.db
        .selectFrom('events')
        .select(['data', 'livemode'])
        .where('type', '=', 'donation.updated')
        .orderBy('created_at')
        .orderBy('position')
        .execute();
    const [first, ...others] = await announced();
    expect(others).toEqual([]);
    expect(JSON.parse(first!.data)).toEqual({
      id,
      target: TARGET,
      total_amount: '100',
      supporter_count: 1,
      currency_id: DEMO.usdCurrencyId,
    });
    expect(first!.livemode).toBe(0);

    await donate('did:bazaar:usr_public', 'public', 'Pat Public');
    const events = await announced();
    expect(events.map((event) => JSON.parse(event.data))).toMatchObject([
      { total_amount: '100', supporter_count: 1 },
      { total_amount: '200', supporter_count: 2 },
    ]);
    const donors = await t.db
      .selectFrom('customers')
      .select(['id', 'did', 'name', 'email'])
      .where('did', 'in', ['did:bazaar:usr_hidden', 'did:bazaar:usr_public'])
      .execute();
    const intents = await t.db
      .selectFrom('payment_intents')
      .select('id')
      .where(
        'customer_id',
        'in',
        donors.map((donor) => donor.id),
      )
      .execute();
    expect(donors).toHaveLength(2);
    expect(intents).toHaveLength(2);
    const json = JSON.stringify(events);
    for (const donor of donors) {
      for (const secret of [donor.id, donor.did, donor.name, donor.email]) expect(json).not.toContain(secret);
    }
    for (const intent of intents) expect(json).not.toContain(intent.id);
  });

  describe('links of a setting', () => {
    const PLACE = 'store/app/weather';
    const OWNERS = [{ name: 'Weather team', address: 'did:bazaar:usr_weather' }];
    const MALLORY = [{ name: 'Mallory', address: 'did:bazaar:usr_mallory' }];
    const OWNERS_AMOUNT = { presets: ['2', '5'], preset: '2', minimum: '1', maximum: '50' };

    /** The widget mounting at `mountLocation` (PLACE), whose setting is made from these the first time. */
    function mountSetting(settings: Record<string, unknown> = {}, body: Record<string, unknown> = {}) {
      return t.app.inject({
        method: 'POST',
        url: `${API}/settings`,
        payload: {
          type: 'donate',
          mountLocation: PLACE,
          componentDid: COMPONENT_IDS.store,
          livemode: false,
          active: true,
          defaultSettings: {
            title: 'Support the weather app',
            amount: OWNERS_AMOUNT,
            beneficiaries: OWNERS,
            ...settings,
          },
          ...body,
        },
      });
    }

    async function settingAt(body: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) {
      const response = await mountSetting(settings, body);
      expect(response.statusCode, response.body).toBe(200);
      return settingSchema.parse(response.json());
    }

    async function linkFor(body: Record<string, unknown>) {
      const response = await makeLink(body);
      expect(response.statusCode, response.body).toBe(200);
      return donationSchema.parse(response.json()).payment_link_id;
    }

    async function adminLink(id: string) {
      const response = await adminRequest(t, 'GET', `/payment-links/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      return adminPaymentLinkSchema.parse(response.json());
    }

    async function adminPrice(id: string) {
      const response = await adminRequest(t, 'GET', `/prices/${id}`);
      expect(response.statusCode, response.body).toBe(200);
      return adminPriceSchema.parse(response.json());
    }

    const priceOf = async (linkId: string) => (await adminLink(linkId)).line_items[0]!.price_id;
    const settingIds = () => t.db.selectFrom('donation_links').select(['target', 'setting_id']).execute();
    const editAt = (mountLocation: string, settings: Record<string, unknown>, role?: 'member') =>
      adminRequest(
        t,
        'PUT',
        `/settings/${encodeURIComponent(mountLocation)}`,
        { livemode: false, settings },
        role ?? 'owner',
      );

    it("gives a target claimed without a setting to the setting that asks next, on the setting's terms", async () => {
      // Someone claims the target first, with their own beneficiary and a minimum of 0.50.
      const claim = {
        title: 'Send it to Mallory',
        amount: { presets: ['0.5'], preset: '0.5', minimum: '0.5', maximum: '1000' },
        beneficiaries: MALLORY,
      };
      const id = await linkFor(claim);
      const claimedPrice = await priceOf(id);
      expect((await adminPrice(claimedPrice)).custom_unit_amount).toMatchObject({ minimum: '50' });
      const setting = await settingAt();

      // The widget asks with its mount location; what the body says is ignored.
      expect(await linkFor({ ...claim, mountLocation: PLACE })).toBe(id);
      expect(await settingIds()).toEqual([{ target: TARGET, setting_id: setting.id }]);
      const link = await adminLink(id);
      expect(link).toMatchObject({
        name: 'Support the weather app',
        donation_settings: { ...OWNERS_AMOUNT, custom: true },
      });
      expect(link.donation_settings?.beneficiaries).toEqual([
        { name: 'Weather team', address: 'did:bazaar:usr_weather', avatar: null, url: null, percent: null },
      ]);
      const price = await adminPrice(link.line_items[0]!.price_id);
      expect(price.id).not.toBe(claimedPrice);
      expect(price).toMatchObject({
        product: { name: 'Support the weather app' },
        custom_unit_amount: { preset: '200', presets: ['200', '500'], minimum: '100', maximum: '5000' },
      });
      // Checkouts opened on the claimed price may still be paid: it is not archived.
      expect((await adminPrice(claimedPrice)).active).toBe(true);
      // A checkout started from the link now refuses 0.50.
      const session = (await startCheckout(t, id)).checkoutSession;
      expect(session.line_items[0]?.price_id).toBe(price.id);
      const tooLittle = await t.app.inject({
        method: 'PUT',
        url: `${API}/checkout-sessions/${session.id}/amount`,
        headers: t.signedIn(),
        payload: { priceId: price.id, amount: '50' },
      });
      expect(tooLittle.json().error.code).toBe('amountOutOfRange');

      // Asking again changes nothing more.
      expect(await linkFor({ ...claim, mountLocation: PLACE })).toBe(id);
      expect(await adminLink(id)).toEqual(link);
    });

    it("brings the setting's links along when an owner edits it, and not when a member tries", async () => {
      const setting = await settingAt();
      const id = await linkFor({ mountLocation: PLACE, title: 'Ignored', beneficiaries: MALLORY });
      expect(await settingIds()).toEqual([{ target: TARGET, setting_id: setting.id }]);
      const made = await adminLink(id);
      expect(made).toMatchObject({ name: 'Support the weather app', donation_settings: OWNERS_AMOUNT });
      expect(made.donation_settings?.beneficiaries.map((b) => b.name)).toEqual(['Weather team']);
      const madePrice = made.line_items[0]!.price_id;

      const edit = {
        title: 'Keep the forecasts coming',
        amount: { presets: ['10', '20'], preset: '10', minimum: '5', maximum: '200' },
        beneficiaries: [...OWNERS, { name: 'Radar fund', address: 'did:bazaar:usr_radar' }],
      };
      expect((await editAt(PLACE, edit, 'member')).statusCode).toBe(403);
      expect(await adminLink(id)).toEqual(made);

      const edited = await editAt(PLACE, edit);
      expect(edited.statusCode, edited.body).toBe(200);
      const link = await adminLink(id);
      expect(link).toMatchObject({ name: 'Keep the forecasts coming', donation_settings: edit.amount });
      expect(link.donation_settings?.beneficiaries.map((b) => b.name)).toEqual([
        'Weather team',
        'Radar fund',
      ]);
      const priceId = link.line_items[0]!.price_id;
      expect(priceId).not.toBe(madePrice);
      expect(await adminPrice(priceId)).toMatchObject({
        product: { name: 'Keep the forecasts coming' },
        custom_unit_amount: { preset: '1000', presets: ['1000', '2000'], minimum: '500', maximum: '20000' },
      });

      // A checkout started from the link afterwards takes the new bounds, not the old.
      const session = (await startCheckout(t, id)).checkoutSession;
      expect(session.line_items[0]?.price_id).toBe(priceId);
      const setAmount = (amount: string) =>
        t.app.inject({
          method: 'PUT',
          url: `${API}/checkout-sessions/${session.id}/amount`,
          headers: t.signedIn(),
          payload: { priceId, amount },
        });
      const above = await setAmount('15000');
      expect(above.statusCode, above.body).toBe(200);
      expect((await setAmount('200')).json().error.code).toBe('amountOutOfRange');

      // Another title alone keeps the price: its amounts did not change.
      expect((await editAt(PLACE, { ...edit, title: 'Thank you' })).statusCode).toBe(200);
      expect(await adminLink(id)).toMatchObject({ name: 'Thank you', line_items: [{ price_id: priceId }] });
    });

    it('answers a link of another setting as it is, and that setting edits it no more than its own', async () => {
      const setting = await settingAt();
      const id = await linkFor({ mountLocation: PLACE });
      const link = await adminLink(id);
      await settingAt(
        { mountLocation: 'store/elsewhere' },
        { title: 'Elsewhere', amount: { presets: ['3'], preset: '3', minimum: '3', maximum: '9' } },
      );

      expect(await linkFor({ mountLocation: 'store/elsewhere' })).toBe(id);
      expect(await adminLink(id)).toEqual(link);
      const edited = await editAt('store/elsewhere', { title: 'Elsewhere, again', beneficiaries: MALLORY });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await adminLink(id)).toEqual(link);
      expect(await settingIds()).toEqual([{ target: TARGET, setting_id: setting.id }]);
    });

    it('refuses a mount location whose donations are off, or that has no setting, and writes nothing', async () => {
      await settingAt({ active: false });
      const counts = async () => {
        const tables = [
          'products',
          'prices',
          'payment_links',
          'donation_links',
          'settings',
          'events',
        ] as const;
        const counted: Record<string, number> = {};
        for (const table of tables) {
          const row = await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow();
          counted[table] = Number(row.count);
        }
        return counted;
      };
      const before = await counts();
      const refused = await makeLink({ mountLocation: PLACE });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toEqual({
        code: 'DONATION_INACTIVE',
        message: 'Donations are turned off here',
      });
      const unknown = await makeLink({ mountLocation: 'store/nowhere' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('NOT_FOUND');
      expect(await counts()).toEqual(before);

      // Nor does it adopt a link made without a setting, nor answer it.
      const id = await linkFor({ beneficiaries: MALLORY });
      const link = await adminLink(id);
      expect((await makeLink({ mountLocation: PLACE })).json().error.code).toBe('DONATION_INACTIVE');
      expect(await settingIds()).toEqual([{ target: TARGET, setting_id: null }]);
      expect(await adminLink(id)).toEqual(link);
    });
  });
});
