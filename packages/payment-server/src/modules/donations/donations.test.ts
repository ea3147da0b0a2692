import { donationSchema, donationSupportersSchema, type SupporterDisplay } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
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

  async function supporters(query = '') {
    const response = await t.app.inject({
      url: `${API}/donations?target=${encodeURIComponent(TARGET)}&livemode=false${query}`,
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
    expect(pat?.payment_details).toMatchObject({ last4: '4242' });
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
});
