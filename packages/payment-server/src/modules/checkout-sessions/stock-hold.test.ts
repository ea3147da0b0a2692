import { explainQueryPlans, TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { DEFAULT_PAYMENT_LIMITS } from '../../limits.ts';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { confirmCard, startCheckout, submitSession } from '../../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { countRows } from '../../test-utils/payment-test-kit.ts';
import type { PaymentDb } from '../../db/tables.ts';
import { deleteAbandoned, expireOverdueSessions, releaseLapsedHolds } from './expiry.ts';
import { countHeldSessions, listLapsedHoldIds } from './repository.ts';

const HOLD = DEFAULT_PAYMENT_LIMITS.stockHoldSeconds;
const HOARDER = 'did:bazaar:usr_hoarder';

/**
 * The outside test held all of a price's stock from one free account: every unpaid submit kept
 * its units for the session's whole lifetime, with no cap. Now a hold lasts a short while, a
 * customer holds in a few checkouts at most, and a payment after the hold lapsed takes the
 * units again only if they are still there.
 */
describe.each(TEST_DIALECTS)('stock holds on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const sold = async (priceId: string = DEMO.licensePriceId) =>
    (
      await t.db
        .selectFrom('prices')
        .select('quantity_sold')
        .where('id', '=', priceId)
        .executeTakeFirstOrThrow()
    ).quantity_sold;
  const setStock = (priceId: string, available: number) =>
    t.db.updateTable('prices').set({ quantity_available: available }).where('id', '=', priceId).execute();
  const startAndSubmit = async (payer: string, linkId: string = DEMO.oneTimeLinkId) => {
    const started = await startCheckout(t, linkId, { user: { did: payer } });
    return submitSession(t, started.checkoutSession.id, payer);
  };

  it('holds limited stock for a while, then gives it back while the session stays open', async () => {
    const submitted = await startAndSubmit(HOARDER);
    expect(await sold()).toBe(1);

    t.clock.advance(HOLD - 1);
    expect(await releaseLapsedHolds(t.deps)).toBe(0);
    t.clock.advance(1);
    expect(await releaseLapsedHolds(t.deps)).toBe(1);
    expect(await releaseLapsedHolds(t.deps)).toBe(0);
    expect(await sold()).toBe(0);

    // Paying after the hold lapsed takes the unit again, and the expiry sweep gives nothing back.
    const paid = await confirmCard(t, submitted.intentId, submitted.secret, TEST_CARDS.succeeds);
    expect(paid.statusCode).toBe(200);
    expect(await sold()).toBe(1);
    t.clock.advance(2 * 24 * 3_600);
    expect(await expireOverdueSessions(t.deps)).toBe(0);
    expect(await releaseLapsedHolds(t.deps)).toBe(0);
    expect(await sold()).toBe(1);
  });

  it('refuses a payment whose lapsed units were bought meanwhile, and writes nothing', async () => {
    await setStock(DEMO.licensePriceId, 1);
    const late = await startAndSubmit(HOARDER);
    t.clock.advance(HOLD);
    await releaseLapsedHolds(t.deps);
    const first = await startAndSubmit('did:bazaar:usr_quick');
    await confirmCard(t, first.intentId, first.secret, TEST_CARDS.succeeds);
    expect(await sold()).toBe(1);

    const before = await countRows(t.db);
    const refused = await confirmCard(t, late.intentId, late.secret, TEST_CARDS.succeeds);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('quantityNotEnough');
    expect(await countRows(t.db)).toEqual(before);
    expect(await sold()).toBe(1);
  });

  it('lets one customer hold stock in a few unpaid checkouts at most', async () => {
    for (let index = 0; index < DEFAULT_PAYMENT_LIMITS.stockHoldsPerCustomer; index += 1) {
      expect((await startAndSubmit(HOARDER)).response.statusCode).toBe(200);
    }
    const before = await countRows(t.db);
    const refused = await startAndSubmit(HOARDER);
    expect(refused.response.statusCode).toBe(409);
    expect(refused.response.json().error.code).toBe('STOCK_HOLD_LIMIT');
    expect(await countRows(t.db)).toEqual(before);
    expect(await sold()).toBe(DEFAULT_PAYMENT_LIMITS.stockHoldsPerCustomer);

    // Unlimited stock holds nothing from anyone, so it counts against no cap.
    expect((await startAndSubmit(HOARDER, DEMO.subscriptionLinkId)).response.statusCode).toBe(200);
    // Another customer still buys; and once the holds lapse, the hoarder may hold again.
    expect((await startAndSubmit('did:bazaar:usr_other')).response.statusCode).toBe(200);
    t.clock.advance(HOLD);
    await releaseLapsedHolds(t.deps);
    expect((await startAndSubmit(HOARDER)).response.statusCode).toBe(200);
  });

  it('deletes abandoned sessions a day after they expired, and keeps submitted ones', async () => {
    const abandoned = (await startCheckout(t, DEMO.oneTimeLinkId)).checkoutSession.id;
    const submitted = (await startAndSubmit(HOARDER)).sessionId;
    t.clock.advance(24 * 3_600);
    expect(await expireOverdueSessions(t.deps)).toBe(2);
    t.clock.advance(DEFAULT_PAYMENT_LIMITS.abandonedSessionRetentionSeconds - 1);
    expect(await deleteAbandoned(t.deps)).toBe(0);
    t.clock.advance(2);
    expect(await deleteAbandoned(t.deps)).toBe(1);
    const left = await t.db.selectFrom('checkout_sessions').select('id').execute();
    expect(left.map((row) => row.id)).toEqual([submitted]);
    expect(abandoned).not.toBe(submitted);
  });
});

describe.each(TEST_DIALECTS)('what a checkout may no longer sell on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const sessionCount = async () => (await t.db.selectFrom('checkout_sessions').select('id').execute()).length;
  const archive = (table: 'prices' | 'products' | 'payment_links', id: string) =>
    t.db.updateTable(table).set({ active: 0 }).where('id', '=', id).execute();

  it.each([
    ['its price', 'prices', DEMO.licensePriceId, 'PRICE_INACTIVE'],
    ['its product', 'products', DEMO.licenseProductId, 'PRICE_INACTIVE'],
    ['its payment link', 'payment_links', DEMO.oneTimeLinkId, 'PAYMENT_LINK_INACTIVE'],
  ] as const)('refuses a session opened before %s was archived', async (_name, table, id, code) => {
    const { checkoutSession } = await startCheckout(t, DEMO.oneTimeLinkId);
    await archive(table, id);
    const before = await countRows(t.db);
    const submitted = await submitSession(t, checkoutSession.id);
    expect(submitted.response.statusCode).toBe(410);
    expect(submitted.response.json().error.code).toBe(code);
    expect(await countRows(t.db)).toEqual(before);
  });

  it('does not start a link whose price was archived', async () => {
    await archive('prices', DEMO.licensePriceId);
    const response = await t.app.inject({
      method: 'POST',
      url: `${API}/checkout-sessions/start/${DEMO.oneTimeLinkId}`,
      headers: t.signedIn(),
    });
    expect(response.statusCode).toBe(410);
    expect(response.json().error.code).toBe('PRICE_INACTIVE');
    expect(await sessionCount()).toBe(0);
  });

  it('caps what a start address may store as metadata', async () => {
    const start = (query: string) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/checkout-sessions/start/${DEMO.oneTimeLinkId}?${query}`,
        headers: t.signedIn(),
      });
    const manyKeys = Array.from({ length: 51 }, (_, index) => `k${index}=v`).join('&');
    for (const query of [manyKeys, `ref=${'x'.repeat(501)}`, `${'k'.repeat(41)}=v`]) {
      const response = await start(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await sessionCount()).toBe(0);
    const fits = await start(
      `locale=zh&${Array.from({ length: 50 }, (_, index) => `k${index}=v`).join('&')}`,
    );
    expect(fits.statusCode).toBe(200);
  });

  // Sessions that hold nothing (all of them at start) are not in these indexes, so SQLite, which
  // plans by rule, must see that a comparison with the hold's time implies one is set.
  it.runIf(dialect === 'sqlite')('finds holds through the indexes of holding sessions only', async () => {
    const plans = await explainQueryPlans(t.database, async (db) => {
      await listLapsedHoldIds(db as PaymentDb, t.clock.now(), 10);
      await countHeldSessions(db as PaymentDb, {
        customerId: 'cus_any',
        exceptSessionId: 'cs_any',
        now: t.clock.now(),
      });
    });
    expect(plans[0]).toContain('checkout_sessions_held_until_idx');
    expect(plans[1]).toContain('checkout_sessions_customer_idx');
  });
});
