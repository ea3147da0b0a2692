import { submitCheckoutBodySchema, type SessionUser } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed.ts';
import { DEMO_CHAIN } from '../demo/seed-chain.ts';
import { startCheckoutFromLink } from '../modules/checkout-sessions/service.ts';
import { getRefund } from '../modules/refunds/service.ts';
import { openChainCheckout, useChainTestKit, type TestPayer } from '../test-utils/chain-test-kit.ts';
import { makeSubmitBody, recordedPayloads, type PaymentTestKit } from '../test-utils/payment-test-kit.ts';
import { reportChainTransfer } from './pay-by-chain.ts';
import { createRefund, REFUND_RETRY_SECONDS, sendUnsentRefunds } from './refund-payment.ts';
import { submitCheckout } from './submit-checkout.ts';

const LICENSE_TUSD = 19_990_000n;

const chainKit = useChainTestKit();

describe.each(TEST_DIALECTS)('refunding a chain payment on %s', (dialect) => {
  let kit: PaymentTestKit;
  let payer: TestPayer;
  let user: SessionUser;

  beforeEach(async () => {
    ({ kit, payer, user } = await openChainCheckout(dialect, chainKit));
  });
  afterEach(async () => {
    await kit.close();
  });

  /** The demo license paid by the payer's transfer to the vault; answers the intent's id. */
  async function paidByTransfer(): Promise<string> {
    const view = await startCheckoutFromLink(kit.deps, {
      paymentLinkId: DEMO.oneTimeLinkId,
      metadata: {},
      user,
    });
    const sessionId = view.checkoutSession.id;
    const actor = { user, secret: view.checkoutSession.client_secret };
    const body = makeSubmitBody({
      payment_method: DEMO_CHAIN.methodId,
      payment_currency: DEMO_CHAIN.currencyId,
    });
    await submitCheckout(kit.deps, { sessionId, body: submitCheckoutBodySchema.parse(body), actor });
    const txHash = await payer.transfer(chainKit.vault, LICENSE_TUSD);
    const intent = await reportChainTransfer(kit.deps, { sessionId, txHash, actor });
    expect(intent.status).toBe('succeeded');
    return intent.id;
  }

  it('sends part of it back from the vault, records the transaction and its gas, and announces it', async () => {
    const intentId = await paidByTransfer();
    const before = await chainKit.tokenBalance(payer.address);

    const refund = await createRefund(kit.deps, {
      payment_intent_id: intentId,
      amount: '5000000',
      type: 'refund',
      reason: 'requested_by_customer',
    });

    expect(refund).toMatchObject({ status: 'succeeded', amount: '5000000' });
    expect(refund.payment_details).toEqual({
      tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      gas_price: expect.stringMatching(/^[1-9]\d*$/),
      gas_used: expect.stringMatching(/^[1-9]\d*$/),
      payment_intent_id: intentId,
    });
    expect(await chainKit.tokenBalance(payer.address)).toBe(before + 5_000_000n);
    const events = (await recordedPayloads(kit.db)).filter((event) => event.type.startsWith('refund.'));
    expect(events.map((event) => event.type)).toEqual(['refund.created', 'refund.succeeded']);
  });

  it('a refund the chain could not take is sent by the refund sender later, in one transaction', async () => {
    const intentId = await paidByTransfer();
    const chains = kit.deps.chains;
    Object.assign(kit.deps, {
      chains: {
        connect: () => {
          throw new Error('the chain is out of reach');
        },
      },
    });
    const pending = await createRefund(kit.deps, {
      payment_intent_id: intentId,
      type: 'refund',
      reason: 'duplicate',
    });
    expect(pending).toMatchObject({
      status: 'pending',
      payment_details: null,
      amount: LICENSE_TUSD.toString(),
    });

    Object.assign(kit.deps, { chains });
    kit.clock.advance(REFUND_RETRY_SECONDS);
    expect(await sendUnsentRefunds(kit.deps)).toBe(1);
    expect(await getRefund(kit.db, pending.id)).toMatchObject({ status: 'succeeded', attempt_count: 2 });
    kit.clock.advance(REFUND_RETRY_SECONDS);
    expect(await sendUnsentRefunds(kit.deps)).toBe(0);
    const sent = await kit.db
      .selectFrom('chain_transactions')
      .select(['kind', 'status', 'amount'])
      .where('kind', '=', 'refund')
      .execute();
    expect(sent).toEqual([{ kind: 'refund', status: 'succeeded', amount: LICENSE_TUSD.toString() }]);
  });
});
