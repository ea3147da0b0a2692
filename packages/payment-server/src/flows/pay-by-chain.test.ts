import { submitCheckoutBodySchema, type SessionUser } from '@bazaar/schemas';
import type { AppError } from '@bazaar/server-kit';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import type { Hex } from 'viem';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed.ts';
import { DEMO_CHAIN } from '../demo/seed-chain.ts';
import { retrieveCheckout, startCheckoutFromLink } from '../modules/checkout-sessions/service.ts';
import { submitCheckout } from './submit-checkout.ts';
import type { EvmChains } from '../providers/evm-chain.ts';
import { expireOverdueSessions } from '../modules/checkout-sessions/expiry.ts';
import {
  openChainCheckout,
  PAYER_TUSD,
  type TestPayer,
  useChainTestKit,
} from '../test-utils/chain-test-kit.ts';
import { countRows, makeSubmitBody, makeUser, type PaymentTestKit } from '../test-utils/payment-test-kit.ts';
import { confirmPendingChainTransactions } from './confirm-chain-transactions.ts';
import { reportChainTransfer } from './pay-by-chain.ts';

const LICENSE_TUSD = 19_990_000n;
const MONTHLY_TUSD = 9_990_000n;

const chainKit = useChainTestKit();

describe.each(TEST_DIALECTS)('paying by chain on %s', (dialect) => {
  let kit: PaymentTestKit;
  let payer: TestPayer;
  let user: SessionUser;

  beforeEach(async () => {
    ({ kit, payer, user } = await openChainCheckout(dialect, chainKit));
  });
  afterEach(async () => {
    await kit.close();
  });

  /** The client secret of each session a test started, as the page that opened it keeps it. */
  const secrets = new Map<string, string | null>();
  const actor = (sessionId: string, who: SessionUser | null = user) => ({
    user: who,
    secret: secrets.get(sessionId) ?? null,
  });

  async function start(linkId: string = DEMO.oneTimeLinkId, who: SessionUser | null = user) {
    const view = await startCheckoutFromLink(kit.deps, { paymentLinkId: linkId, metadata: {}, user: who });
    secrets.set(view.checkoutSession.id, view.checkoutSession.client_secret);
    return view.checkoutSession.id;
  }

  function submit(sessionId: string, who: SessionUser | null = user, body: Record<string, unknown> = {}) {
    return submitCheckout(kit.deps, {
      sessionId,
      body: submitCheckoutBodySchema.parse(
        makeSubmitBody({
          payment_method: DEMO_CHAIN.methodId,
          payment_currency: DEMO_CHAIN.currencyId,
          ...body,
        }),
      ),
      actor: actor(sessionId, who),
    });
  }

  async function refusal(promise: Promise<unknown>): Promise<AppError> {
    return promise.then(
      () => expect.unreachable('the request should have been refused'),
      (error: AppError) => error,
    );
  }

  async function sessionState(sessionId: string) {
    return retrieveCheckout(kit.deps, { id: sessionId, actor: actor(sessionId) });
  }

  it('asks a signed-in payer without a wallet to bind one, and writes nothing', async () => {
    const sessionId = await start();
    const before = await countRows(kit.db);
    const error = await refusal(submit(sessionId, makeUser({ walletAddress: null })));
    expect(error.code).toBe('WALLET_REQUIRED');
    expect(await countRows(kit.db)).toEqual(before);
  });

  it('answers the wallet step for a one-time payment, then completes on the payer’s transfer', async () => {
    const sessionId = await start();
    const result = await submit(sessionId);
    expect(result.stripeContext).toBeNull();
    expect(result.balance).toEqual({ sufficient: true });
    expect(result.delegation).toEqual({ sufficient: false });
    expect(result.chainContext).toEqual({
      chain_id: 31337,
      rpc_url: chainKit.chain.rpcUrl,
      explorer_host: '',
      network_name: 'Local Ethereum',
      token: { address: DEMO_CHAIN.tokenAddress, symbol: 'TUSD', decimals: 6 },
      vault: chainKit.vault,
      payer: payer.address,
      amount: LICENSE_TUSD.toString(),
      action: 'transfer',
      approve_amount: LICENSE_TUSD.toString(),
    });
    const vaultBefore = await chainKit.tokenBalance(chainKit.vault);

    const txHash = await payer.transfer(chainKit.vault, LICENSE_TUSD);
    const intent = await reportChainTransfer(kit.deps, { sessionId, txHash, actor: actor(sessionId) });

    expect(intent).toMatchObject({
      status: 'succeeded',
      amount_received: LICENSE_TUSD.toString(),
      payment_details: { tx_hash: txHash, payer: payer.address, chain_id: 31337 },
    });
    const view = await sessionState(sessionId);
    expect(view.checkoutSession).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const invoice = await kit.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', view.checkoutSession.invoice_id!)
      .executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: LICENSE_TUSD.toString() });
    expect(await chainKit.tokenBalance(chainKit.vault)).toBe(vaultBefore + LICENSE_TUSD);
    // Reporting the same transaction again changes nothing.
    expect((await reportChainTransfer(kit.deps, { sessionId, txHash, actor: actor(sessionId) })).status).toBe(
      'succeeded',
    );
  });

  it('refuses a transfer of another amount and sends it back; a reverted one moved nothing', async () => {
    const sessionId = await start();
    await submit(sessionId);
    const short = await payer.transfer(chainKit.vault, LICENSE_TUSD - 1n);
    expect(
      await refusal(reportChainTransfer(kit.deps, { sessionId, txHash: short, actor: actor(sessionId) })),
    ).toMatchObject({
      code: 'CHAIN_TRANSACTION_INVALID',
      message:
        'The transaction does not pay this checkout. The tokens it sent are being returned to your wallet',
    });
    expect(await chainKit.tokenBalance(payer.address)).toBe(PAYER_TUSD);
    // Reporting it again says the same, and sends nothing back twice.
    expect(
      (await refusal(reportChainTransfer(kit.deps, { sessionId, txHash: short, actor: actor(sessionId) })))
        .code,
    ).toBe('CHAIN_TRANSACTION_INVALID');
    const reverted = await payer.transfer(chainKit.vault, 10n ** 18n, { gas: 100_000n });
    expect(
      await refusal(reportChainTransfer(kit.deps, { sessionId, txHash: reverted, actor: actor(sessionId) })),
    ).toMatchObject({
      code: 'CHAIN_TRANSACTION_INVALID',
      message: 'The transaction failed on chain',
    });
    const view = await sessionState(sessionId);
    expect(view.paymentIntent?.status).toBe('requires_payment_method');
    const rows = await kit.db
      .selectFrom('chain_transactions')
      .select(['kind', 'status', 'amount', 'to_address'])
      .orderBy('kind')
      .execute();
    expect(rows).toEqual([
      {
        kind: 'refund',
        status: 'succeeded',
        amount: (LICENSE_TUSD - 1n).toString(),
        to_address: payer.address,
      },
      {
        kind: 'transfer',
        status: 'returned',
        amount: (LICENSE_TUSD - 1n).toString(),
        to_address: chainKit.vault,
      },
    ]);
    expect(await chainKit.tokenBalance(payer.address)).toBe(PAYER_TUSD);
  });

  it('sends back a transfer that arrives after the checkout expired', async () => {
    const sessionId = await start();
    const { checkoutSession } = await submit(sessionId);
    const txHash = await payer.transfer(chainKit.vault, LICENSE_TUSD);
    kit.clock.set(checkoutSession.expires_at + 1);
    await expireOverdueSessions(kit.deps);
    expect(
      await refusal(reportChainTransfer(kit.deps, { sessionId, txHash, actor: actor(sessionId) })),
    ).toMatchObject({
      code: 'CHECKOUT_SESSION_EXPIRED',
    });
    expect(await chainKit.tokenBalance(payer.address)).toBe(PAYER_TUSD);
  });

  it('takes a transaction hash once: another checkout cannot reuse it', async () => {
    const first = await start();
    await submit(first);
    const txHash = await payer.transfer(chainKit.vault, LICENSE_TUSD);
    await reportChainTransfer(kit.deps, { sessionId: first, txHash, actor: actor(first) });
    const second = await start();
    await submit(second);
    expect(
      await refusal(reportChainTransfer(kit.deps, { sessionId: second, txHash, actor: actor(second) })),
    ).toMatchObject({
      code: 'CHAIN_TRANSACTION_USED',
    });
  });

  it('pulls from an earlier approval at submit (the fast path) and completes without the wallet', async () => {
    await payer.approve(chainKit.vault, LICENSE_TUSD * 10n);
    const sessionId = await start();
    const result = await submit(sessionId);
    expect(result.delegation).toEqual({ sufficient: true });
    expect(result.chainContext?.action).toBe('none');
    expect(result.paymentIntent?.status).toBe('succeeded');
    expect((await sessionState(sessionId)).checkoutSession.status).toBe('complete');
    expect(await chainKit.tokenBalance(payer.address)).toBe(1_000_000_000n - LICENSE_TUSD);
    const pulls = await kit.db.selectFrom('chain_transactions').selectAll().execute();
    expect(pulls).toMatchObject([{ kind: 'pull', status: 'succeeded', attempt_key: 'checkout' }]);
  });

  it('never takes the fast path for a donation: the payer transfers what they chose', async () => {
    await payer.approve(chainKit.vault, 10n ** 12n);
    const sessionId = await start(DEMO.donationLinkId);
    const result = await submit(sessionId);
    expect(result.delegation).toEqual({ sufficient: true });
    expect(result.chainContext).toMatchObject({ action: 'transfer', amount: '5000000' });
  });

  it('lets a guest donate from any wallet', async () => {
    const sessionId = await start(DEMO.donationLinkId, null);
    const result = await submit(sessionId, null);
    expect(result.chainContext).toMatchObject({ action: 'transfer', payer: null });
    const txHash = await payer.transfer(chainKit.vault, 5_000_000n);
    const intent = await reportChainTransfer(kit.deps, { sessionId, txHash, actor: actor(sessionId, null) });
    expect(intent).toMatchObject({ status: 'succeeded', payment_details: { payer: payer.address } });
  });

  it('subscribes by approval: the wallet approves, the second submit pulls, renewals know the wallet', async () => {
    const sessionId = await start(DEMO.subscriptionLinkId);
    const first = await submit(sessionId);
    expect(first.chainContext).toMatchObject({
      action: 'approve',
      amount: MONTHLY_TUSD.toString(),
      approve_amount: (MONTHLY_TUSD * 13n).toString(),
    });
    await payer.approve(chainKit.vault, BigInt(first.chainContext!.approve_amount));
    const second = await submit(sessionId);
    expect(second.chainContext?.action).toBe('none');
    const view = await sessionState(sessionId);
    expect(view.checkoutSession).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const subscription = await kit.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', view.checkoutSession.subscription_id!)
      .executeTakeFirstOrThrow();
    expect(subscription).toMatchObject({
      status: 'active',
      payer_address: payer.address,
      default_payment_method_id: DEMO_CHAIN.methodId,
    });
  });

  it('starts a trial on an approval alone: nothing is pulled until the trial ends', async () => {
    await kit.db
      .updateTable('payment_links')
      .set({
        subscription_data: JSON.stringify({ trial_period_days: 7, trial_currency: DEMO_CHAIN.currencyId }),
      })
      .where('id', '=', DEMO.subscriptionLinkId)
      .execute();
    const sessionId = await start(DEMO.subscriptionLinkId);
    const first = await submit(sessionId);
    expect(first.chainContext).toMatchObject({
      action: 'approve',
      amount: '0',
      approve_amount: (MONTHLY_TUSD * 12n).toString(),
    });
    await payer.approve(chainKit.vault, MONTHLY_TUSD * 12n);
    expect((await submit(sessionId)).chainContext?.action).toBe('none');
    const view = await sessionState(sessionId);
    expect(view.checkoutSession).toMatchObject({ status: 'complete', payment_status: 'no_payment_required' });
    expect(await chainKit.tokenBalance(payer.address)).toBe(1_000_000_000n);
    expect(await kit.db.selectFrom('chain_transactions').select('id').execute()).toEqual([]);
  });

  it('waits for the confirmations the method asks, then the watcher completes the checkout', async () => {
    await kit.db
      .updateTable('payment_methods')
      .set((eb) => ({
        settings: eb.fn('replace', ['settings', eb.val('"confirmations":1'), eb.val('"confirmations":3')]),
      }))
      .where('id', '=', DEMO_CHAIN.methodId)
      .execute();
    const sessionId = await start();
    await submit(sessionId);
    const txHash = await payer.transfer(chainKit.vault, LICENSE_TUSD);
    expect((await reportChainTransfer(kit.deps, { sessionId, txHash, actor: actor(sessionId) })).status).toBe(
      'processing',
    );
    const resubmit = await refusal(submit(sessionId));
    expect(resubmit.code).toBe('PAYMENT_IN_PROGRESS');
    await chainKit.chain.mine(1);
    await confirmPendingChainTransactions(kit.deps);
    expect((await sessionState(sessionId)).checkoutSession.status).toBe('open');
    await chainKit.chain.mine(1);
    expect(await confirmPendingChainTransactions(kit.deps)).toBe(1);
    expect((await sessionState(sessionId)).checkoutSession.status).toBe('complete');
  });

  it('sends a stored pull again when its broadcast failed, and pulls once', async () => {
    await payer.approve(chainKit.vault, LICENSE_TUSD * 10n);
    const crashing: EvmChains = {
      connect(endpoint) {
        const real = kit.deps.chains.connect(endpoint);
        return {
          ...real,
          broadcast: async () => {
            throw new Error('the node refused the pull for now');
          },
        };
      },
    };
    const sessionId = await start();
    // The payer is told to wait (the pull is stored), not that the payment failed.
    const result = await submitCheckout(
      { ...kit.deps, chains: crashing },
      {
        sessionId,
        body: submitCheckoutBodySchema.parse(
          makeSubmitBody({ payment_method: DEMO_CHAIN.methodId, payment_currency: DEMO_CHAIN.currencyId }),
        ),
        actor: actor(sessionId),
      },
    );
    expect(result.chainContext?.action).toBe('none');
    expect(result.paymentIntent?.status).toBe('processing');
    expect(await chainKit.tokenBalance(payer.address)).toBe(1_000_000_000n);

    expect(await confirmPendingChainTransactions(kit.deps)).toBe(0);
    expect(await confirmPendingChainTransactions(kit.deps)).toBe(1);
    expect((await sessionState(sessionId)).checkoutSession.status).toBe('complete');
    expect(await chainKit.tokenBalance(payer.address)).toBe(1_000_000_000n - LICENSE_TUSD);
    const rows = await kit.db.selectFrom('chain_transactions').select(['tx_hash', 'status']).execute();
    expect(rows).toEqual([{ tx_hash: expect.stringMatching(/^0x/) as Hex, status: 'succeeded' }]);
  });
});
