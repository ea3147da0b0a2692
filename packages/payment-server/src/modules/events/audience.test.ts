import { CHECKOUT_SECRET_HEADER, type EventPayload } from '@bazaar/schemas';
import { sha256Hex } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import { ADMIN_ROLES } from '../../admins.ts';
import { TEST_CARDS } from '../../providers/test-card-network.ts';
import { confirmCard, startCheckout, submitSession } from '../../test-utils/checkout-steps.ts';
import { API, openPaymentTestApp, type PaymentTestApp } from '../../test-utils/payment-test-app.ts';
import { makeSubmitBody, recordedPayloads } from '../../test-utils/payment-test-kit.ts';
import { expireOverdueSessions } from '../checkout-sessions/expiry.ts';
import { relayAudiences } from './audience.ts';

const PAYER = 'did:bazaar:usr_payer';

/**
 * The outside test heard every payment on the relay from an anonymous socket. Each event is now
 * addressed: to its customer's user, to the page paying a guest's checkout (by the hash of the
 * session's secret), and to the kit's admins.
 */
describe.each(TEST_DIALECTS)('relay audiences on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const audiences = () => t.published.map(({ event, audience }) => [event.type, audience]);

  it("addresses a signed-in payer's checkout to that payer and the admins, not to the secret's holder", async () => {
    const started = await startCheckout(t, DEMO.oneTimeLinkId, { user: { did: PAYER } });
    const payer = await submitSession(t, started.checkoutSession.id, PAYER);
    await confirmCard(t, payer.intentId, payer.secret, TEST_CARDS.succeeds);

    const payers = { everyone: false, userDids: [PAYER], roles: ADMIN_ROLES, secretHashes: [] };
    expect(audiences()).toEqual([
      ['customer.created', payers],
      ['payment_intent.succeeded', payers],
      ['checkout.session.completed', payers],
      ['invoice.paid', payers],
    ]);
  });

  it("addresses a guest's donation to the page holding its secret, and the donor's invoice to no page", async () => {
    const started = await startCheckout(t, DEMO.donationLinkId, { user: null });
    const sessionId = started.checkoutSession.id;
    const secret = started.checkoutSession.client_secret!;
    const submitted = await t.app.inject({
      method: 'PUT',
      url: `${API}/checkout-sessions/${sessionId}/donate-submit`,
      headers: { [CHECKOUT_SECRET_HEADER]: secret },
      payload: makeSubmitBody({ customer_email: 'Guest@Example.com' }),
    });
    const answer = submitted.json();
    await confirmCard(t, answer.paymentIntent.id, answer.stripeContext.client_secret, TEST_CARDS.succeeds);

    // A guest's did names no user; only the secret proves the donor's page.
    const guest = 'anonymous:guest@example.com';
    const page = {
      everyone: false,
      userDids: [guest],
      roles: ADMIN_ROLES,
      secretHashes: [sha256Hex(secret)],
    };
    expect(audiences()).toEqual([
      ['customer.created', { everyone: false, userDids: [guest], roles: ADMIN_ROLES, secretHashes: [] }],
      ['payment_intent.succeeded', page],
      ['checkout.session.completed', page],
      ['invoice.paid', { everyone: false, userDids: [guest], roles: ADMIN_ROLES, secretHashes: [] }],
    ]);
  });

  it("addresses a donation's new totals to everyone, and the payment itself as any other", async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: `${API}/donations?livemode=false`,
      payload: { target: 'app:weather' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const started = await startCheckout(t, made.json().payment_link_id, { user: { did: PAYER } });
    const payer = await submitSession(t, started.checkoutSession.id, PAYER);
    await confirmCard(t, payer.intentId, payer.secret, TEST_CARDS.succeeds);

    const payers = { everyone: false, userDids: [PAYER], roles: ADMIN_ROLES, secretHashes: [] };
    expect(audiences()).toEqual([
      ['customer.created', payers],
      ['payment_intent.succeeded', payers],
      ['checkout.session.completed', payers],
      ['invoice.paid', payers],
      ['donation.updated', { everyone: true, userDids: [], roles: ADMIN_ROLES, secretHashes: [] }],
    ]);
  });

  it('addresses the expiry of a session nobody submitted to the page that opened it', async () => {
    const started = await startCheckout(t, DEMO.oneTimeLinkId, { user: null });
    t.clock.advance(2 * 86_400);
    await expireOverdueSessions(t.deps);

    expect(audiences()).toEqual([
      [
        'checkout.session.expired',
        {
          everyone: false,
          userDids: [],
          roles: ADMIN_ROLES,
          secretHashes: [sha256Hex(started.checkoutSession.client_secret!)],
        },
      ],
    ]);
  });

  it('reads a batch of any size with one query per table', async () => {
    const started = await startCheckout(t, DEMO.oneTimeLinkId, { user: { did: PAYER } });
    const payer = await submitSession(t, started.checkoutSession.id, PAYER);
    await confirmCard(t, payer.intentId, payer.secret, TEST_CARDS.succeeds);
    const payloads = await recordedPayloads(t.db);

    const queriesFor = async (batch: EventPayload[]) => {
      let count = 0;
      const counting = t.db.withPlugin({
        transformQuery: ({ node }) => {
          count += 1;
          return node;
        },
        transformResult: async ({ result }) => result,
      });
      await relayAudiences(counting, batch);
      return count;
    };
    const many = Array.from({ length: 30 }, () => payloads).flat();
    expect(await queriesFor(many)).toBe(await queriesFor(payloads));
    expect(await queriesFor(payloads)).toBe(3);
  });
});
