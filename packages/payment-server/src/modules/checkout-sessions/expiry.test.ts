import { submitCheckoutBodySchema } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../../demo/seed.ts';
import {
  makeSubmitBody,
  makeUser,
  openPaymentTestKit,
  type PaymentTestKit,
} from '../../test-utils/payment-test-kit.ts';
import { addCrossSell } from './changes.ts';
import { expireOverdueSessions } from './expiry.ts';
import { getCheckoutView, getSessionRow, startCheckoutFromLink } from './service.ts';
import { submitCheckout } from '../../flows/submit-checkout.ts';

const DAY = 86_400;

describe.each(TEST_DIALECTS)('session expiry on %s', (dialect) => {
  let kit: PaymentTestKit;
  const user = makeUser();

  beforeEach(async () => {
    kit = await openPaymentTestKit(dialect);
  });
  afterEach(async () => {
    await kit.close();
  });

  async function startAndReserve(quantity: number) {
    const { checkoutSession } = await startCheckoutFromLink(kit.deps, {
      paymentLinkId: DEMO.oneTimeLinkId,
      metadata: {},
      user,
    });
    await kit.db
      .updateTable('checkout_sessions')
      .set({ line_items: JSON.stringify([{ price_id: DEMO.licensePriceId, quantity, custom_amount: null }]) })
      .where('id', '=', checkoutSession.id)
      .execute();
    await submitCheckout(kit.deps, {
      sessionId: checkoutSession.id,
      body: submitCheckoutBodySchema.parse(makeSubmitBody()),
      actor: { user, secret: null },
    });
    return checkoutSession.id;
  }

  const sold = async () =>
    (
      await kit.db
        .selectFrom('prices')
        .select('quantity_sold')
        .where('id', '=', DEMO.licensePriceId)
        .executeTakeFirstOrThrow()
    ).quantity_sold;
  const expiredEvents = async () =>
    kit.db.selectFrom('events').select('data').where('type', '=', 'checkout.session.expired').execute();

  it('expires a session at the link lifetime, gives its stock back and announces it once', async () => {
    const id = await startAndReserve(3);
    const fresh = await startAndReserve(2);
    expect(await sold()).toBe(5);

    kit.clock.advance(DAY - 1);
    expect(await expireOverdueSessions(kit.deps)).toBe(0);
    kit.clock.advance(1);
    // Before any sweep, the page already reads it as expired.
    const view = await getCheckoutView(kit.deps, await getSessionRow(kit.db, id), { user, secret: null });
    expect(view.checkoutSession.status).toBe('expired');

    expect(await expireOverdueSessions(kit.deps)).toBe(2);
    expect(await sold()).toBe(0);
    expect((await getSessionRow(kit.db, fresh)).status).toBe('expired');
    expect((await expiredEvents()).map((event) => JSON.parse(event.data).id).sort()).toEqual(
      [id, fresh].sort(),
    );
    expect(kit.published.filter((message) => message.event.type === 'checkout.session.expired')).toHaveLength(
      2,
    );

    expect(await expireOverdueSessions(kit.deps)).toBe(0);
    expect(await sold()).toBe(0);
    expect(await expiredEvents()).toHaveLength(2);
  });

  it('follows the lifetime set on the payment link', async () => {
    await kit.db
      .updateTable('payment_links')
      .set({ expires_after_seconds: 1_800 })
      .where('id', '=', DEMO.oneTimeLinkId)
      .execute();
    const id = await startAndReserve(1);
    expect((await getSessionRow(kit.db, id)).expires_at).toBe(kit.clock.now() + 1_800);
    kit.clock.advance(1_800);
    expect(await expireOverdueSessions(kit.deps)).toBe(1);
    expect(await sold()).toBe(0);
  });

  it('releases a reservation exactly once when sweepers race', async () => {
    await startAndReserve(4);
    await startAndReserve(1);
    kit.clock.advance(DAY);
    const counts = await Promise.all(Array.from({ length: 4 }, () => expireOverdueSessions(kit.deps)));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(2);
    expect(await sold()).toBe(0);
    expect(await expiredEvents()).toHaveLength(2);
  });

  it('leaves completed sessions and their stock alone', async () => {
    const id = await startAndReserve(2);
    await kit.db.updateTable('checkout_sessions').set({ status: 'complete' }).where('id', '=', id).execute();
    kit.clock.advance(2 * DAY);
    expect(await expireOverdueSessions(kit.deps)).toBe(0);
    expect(await sold()).toBe(2);
  });

  it('gives the stock back when the lines change after submit, and the next submit takes it again', async () => {
    const id = await startAndReserve(3);
    await addCrossSell(kit.deps, { sessionId: id, actor: { user, secret: null }, to: DEMO.supportPriceId });
    expect(await sold()).toBe(0);
    const changed = await getSessionRow(kit.db, id);
    expect(changed.inventory_reserved).toBe(0);
    const voided = await kit.db
      .selectFrom('payment_intents')
      .select(['status', 'amount'])
      .where('id', '=', changed.payment_intent_id!)
      .executeTakeFirstOrThrow();
    expect(voided).toEqual({ status: 'canceled', amount: '5997' });
    await submitCheckout(kit.deps, {
      sessionId: id,
      body: submitCheckoutBodySchema.parse(makeSubmitBody()),
      actor: { user, secret: null },
    });
    expect(await sold()).toBe(3);
    const resubmitted = await getSessionRow(kit.db, id);
    expect(resubmitted.payment_intent_id).not.toBe(changed.payment_intent_id);
    expect(resubmitted.amount_total).toBe('6496');
    kit.clock.advance(DAY);
    expect(await expireOverdueSessions(kit.deps)).toBe(1);
    expect(await sold()).toBe(0);
  });
});
