import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed.ts';
import { TEST_CARDS } from '../providers/test-card-network.ts';
import { startAndSubmit, TEST_CARD_DATES } from '../test-utils/checkout-steps.ts';
import { openPaymentTestApp, type PaymentTestApp } from '../test-utils/payment-test-app.ts';
import { logStatements } from '../test-utils/statement-log.ts';
import { confirmTestCard } from './pay-by-test-card.ts';

describe.each(TEST_DIALECTS)('settling a card payment on %s', (dialect) => {
  let t: PaymentTestApp;

  beforeEach(async () => {
    t = await openPaymentTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it.each([
    ['a one-time checkout', DEMO.oneTimeLinkId],
    ['a subscription checkout', DEMO.subscriptionLinkId],
  ])('reads the intent and the session of %s once per confirm', async (_, linkId) => {
    const { intentId, secret } = await startAndSubmit(t, undefined, { linkId });
    const { db, statements } = logStatements(t.db);
    const { paymentIntent } = await confirmTestCard(
      { ...t.deps, db },
      {
        paymentIntentId: intentId,
        body: { client_secret: secret, card: { ...TEST_CARD_DATES, number: TEST_CARDS.succeeds } },
      },
    );
    expect(paymentIntent.status).toBe('succeeded');
    const reads = (table: string) => statements.filter((statement) => statement === `select ${table}`);
    expect(reads('payment_intents')).toHaveLength(1);
    expect(reads('checkout_sessions')).toHaveLength(1);
  });
});
