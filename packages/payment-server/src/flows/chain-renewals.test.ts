import { submitCheckoutBodySchema, type SessionUser } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../demo/seed.ts';
import { DEMO_CHAIN } from '../demo/seed-chain.ts';
import { startCheckoutFromLink } from '../modules/checkout-sessions/service.ts';
import { submitCheckout } from './submit-checkout.ts';
import {
  openChainCheckout,
  PAYER_TUSD,
  type TestPayer,
  useChainTestKit,
} from '../test-utils/chain-test-kit.ts';
import { insertPastDueInvoice } from '../test-utils/past-due-invoice.ts';
import {
  makeSubmitBody,
  makeUser,
  saveTestCustomer,
  type PaymentTestKit,
} from '../test-utils/payment-test-kit.ts';
import { getVisibleInvoice } from '../modules/invoices/service.ts';
import { getSubscription } from '../modules/subscriptions/service.ts';
import { changeSubscriptionPlan } from './change-subscription-plan.ts';
import { collectOverdueByChain, type CollectTarget } from './collect-overdue-by-chain.ts';
import type { EvmChains } from '../providers/evm-chain.ts';
import { confirmPendingChainTransactions } from './confirm-chain-transactions.ts';
import { runBilling } from './run-billing.ts';

const MONTHLY_TUSD = 9_990_000n;
const DAY = 86_400;

const chainKit = useChainTestKit();

describe.each(TEST_DIALECTS)('renewing chain subscriptions on %s', (dialect) => {
  let kit: PaymentTestKit;
  let payer: TestPayer;
  let user: SessionUser;

  beforeEach(async () => {
    ({ kit, payer, user } = await openChainCheckout(dialect, chainKit));
  });
  afterEach(async () => {
    await kit.close();
  });

  /** Subscribes to the monthly membership in TUSD by approving `periods` payments. */
  async function subscribe(periods: bigint, who = { payer, user }) {
    const view = await startCheckoutFromLink(kit.deps, {
      paymentLinkId: DEMO.subscriptionLinkId,
      metadata: {},
      user: who.user,
    });
    const body = submitCheckoutBodySchema.parse(
      makeSubmitBody({ payment_method: DEMO_CHAIN.methodId, payment_currency: DEMO_CHAIN.currencyId }),
    );
    await who.payer.approve(chainKit.vault, MONTHLY_TUSD * periods);
    const result = await submitCheckout(kit.deps, {
      sessionId: view.checkoutSession.id,
      body,
      actor: { user: who.user, secret: null },
    });
    expect(result.chainContext?.action).toBe('none');
    return kit.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('payer_address', '=', who.payer.address)
      .executeTakeFirstOrThrow();
  }

  const cycleInvoices = (subscriptionId: string) =>
    kit.db
      .selectFrom('invoices')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .where('billing_reason', '=', 'subscription_cycle')
      .execute();

  const invoiceRow = (id: string) =>
    kit.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** What is overdue for `target`, collected in TUSD for `who`. */
  const collectTusd = (target: CollectTarget, who: SessionUser = user) =>
    collectOverdueByChain(kit.deps, {
      target,
      currencyId: DEMO_CHAIN.currencyId,
      user: who,
      livemode: false,
    });

  /** Two periods approved: the second renewal's pull is refused, and its invoice stays open. */
  async function renewalTheApprovalNoLongerCovers() {
    const subscription = await subscribe(2n);
    await renewAt(subscription.current_period_end);
    await renewAt(subscription.current_period_end + 31 * DAY);
    const unpaid = (await cycleInvoices(subscription.id)).find((invoice) => invoice.status === 'open')!;
    return { subscription, unpaid };
  }

  async function requireConfirmations(count: number) {
    await kit.db
      .updateTable('payment_methods')
      .set((eb) => ({
        settings: eb.fn('replace', [
          'settings',
          eb.val('"confirmations":1'),
          eb.val(`"confirmations":${count}`),
        ]),
      }))
      .where('id', '=', DEMO_CHAIN.methodId)
      .execute();
  }

  async function renewAt(now: number) {
    kit.clock.set(now);
    return runBilling(kit.deps, { now, testClockId: null });
  }

  it('pulls each renewal from the approval the subscriber gave at checkout', async () => {
    const subscription = await subscribe(13n);
    await renewAt(subscription.current_period_end);
    const [invoice] = await cycleInvoices(subscription.id);
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: MONTHLY_TUSD.toString() });
    const intent = await kit.db
      .selectFrom('payment_intents')
      .selectAll()
      .where('id', '=', invoice!.payment_intent_id!)
      .executeTakeFirstOrThrow();
    expect(intent.status).toBe('succeeded');
    expect(JSON.parse(intent.payment_details!)).toMatchObject({ payer: payer.address, chain_id: 31337 });
    expect(await chainKit.tokenBalance(payer.address)).toBe(PAYER_TUSD - 2n * MONTHLY_TUSD);
  });

  it('shows on the paid invoice the transaction that paid it and the wallet it came from', async () => {
    const subscription = await subscribe(13n);
    await renewAt(subscription.current_period_end);
    const [renewal] = await cycleInvoices(subscription.id);
    const pull = await kit.db
      .selectFrom('chain_transactions')
      .select('tx_hash')
      .where('payment_intent_id', '=', renewal!.payment_intent_id!)
      .executeTakeFirstOrThrow();
    const invoice = await getVisibleInvoice(kit.db, { id: renewal!.id, user });
    expect(invoice.payment_method).toEqual({
      id: DEMO_CHAIN.methodId,
      type: 'ethereum',
      name: 'Local Ethereum',
    });
    expect(invoice.payment_details).toEqual({
      tx_hash: pull.tx_hash,
      payer: payer.address,
      chain_id: 31337,
      explorer_host: '',
    });
  });

  it('fails the attempt without a transaction when the approval ran out, and collects once renewed', async () => {
    const { subscription, unpaid } = await renewalTheApprovalNoLongerCovers();
    expect(unpaid).toMatchObject({ attempt_count: 1, next_payment_attempt: unpaid.created_at + DAY });
    const pulls = await kit.db.selectFrom('chain_transactions').select('attempt_key').execute();
    expect(pulls.map((pull) => pull.attempt_key)).not.toContain(`${unpaid.id}:attempt:1`);
    const intent = await kit.db
      .selectFrom('payment_intents')
      .select('last_payment_error')
      .where('id', '=', unpaid.payment_intent_id!)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(intent.last_payment_error!)).toMatchObject({ code: 'insufficient_allowance' });

    await payer.approve(chainKit.vault, MONTHLY_TUSD * 12n);
    await renewAt(unpaid.created_at + DAY);
    const retried = await invoiceRow(unpaid.id);
    expect(retried).toMatchObject({ status: 'paid', attempt_count: 2 });
    const current = await kit.db
      .selectFrom('subscriptions')
      .select('status')
      .where('id', '=', subscription.id)
      .executeTakeFirstOrThrow();
    expect(current.status).toBe('active');
  });

  it('lets the subscriber pay what is overdue from the dialog: approve first, then the vault collects', async () => {
    const { subscription, unpaid } = await renewalTheApprovalNoLongerCovers();
    kit.clock.set(unpaid.created_at + 2 * DAY);
    const collect = () => collectTusd({ kind: 'subscription', id: subscription.id });

    const first = await collect();
    expect(first.chainContext).toMatchObject({
      action: 'approve',
      amount: MONTHLY_TUSD.toString(),
      approve_amount: (MONTHLY_TUSD * 13n).toString(),
    });
    expect(first.invoices.map((invoice) => invoice.id)).toEqual([unpaid.id]);
    await payer.approve(chainKit.vault, BigInt(first.chainContext.approve_amount));
    const second = await collect();
    expect(second.chainContext.action).toBe('none');

    const paid = await invoiceRow(unpaid.id);
    expect(paid.status).toBe('paid');
    expect(kit.published.map(({ event }) => event.type)).toContain('invoice.paid');
    expect(await chainKit.tokenBalance(payer.address)).toBe(PAYER_TUSD - 3n * MONTHLY_TUSD);
    await expect(collect()).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('pays one invoice from its page, and refuses someone else’s', async () => {
    const { unpaid } = await renewalTheApprovalNoLongerCovers();
    const collect = (who: SessionUser) => collectTusd({ kind: 'invoice', id: unpaid.id }, who);
    const stranger = makeUser({ did: 'did:bazaar:usr_stranger', walletAddress: chainKit.vault });
    await expect(collect(stranger)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await payer.approve(chainKit.vault, MONTHLY_TUSD);
    expect((await collect(user)).chainContext.action).toBe('none');
    const paid = await invoiceRow(unpaid.id);
    expect(paid.status).toBe('paid');
  });

  it('pays a manual invoice, which names no method, with its currency’s chain method', async () => {
    const customer = await saveTestCustomer(kit.deps, user.did);
    const id = await insertPastDueInvoice(kit.db, {
      customerId: customer.id,
      currencyId: DEMO_CHAIN.currencyId,
      amount: MONTHLY_TUSD.toString(),
    });
    const collect = () => collectTusd({ kind: 'invoice', id });
    expect((await collect()).chainContext.action).toBe('approve');
    await payer.approve(chainKit.vault, MONTHLY_TUSD);
    expect((await collect()).chainContext.action).toBe('none');
    const invoice = await getVisibleInvoice(kit.db, { id, user });
    expect(invoice).toMatchObject({ status: 'paid', payment_details: { payer: payer.address } });
    expect(await chainKit.tokenBalance(payer.address)).toBe(PAYER_TUSD - MONTHLY_TUSD);
  });

  it('switches plan once the change’s pull confirms, and never voids an invoice whose pull is out', async () => {
    const subscription = await subscribe(13n);
    await requireConfirmations(3);
    const change = changeSubscriptionPlan(kit.deps, {
      id: subscription.id,
      user,
      body: { price_id: DEMO.yearlyPriceId },
    });
    await expect(change).rejects.toMatchObject({ code: 'PAYMENT_IN_PROGRESS' });
    const update = await kit.db
      .selectFrom('invoices')
      .selectAll()
      .where('billing_reason', '=', 'subscription_update')
      .executeTakeFirstOrThrow();
    expect(update.status).toBe('open');
    const planOf = async () => (await getSubscription(kit.db, subscription.id)).items[0]!.price_id;
    expect(await planOf()).toBe(DEMO.monthlyPriceId);

    await chainKit.chain.mine(2);
    expect(await confirmPendingChainTransactions(kit.deps)).toBe(1);
    expect(await planOf()).toBe(DEMO.yearlyPriceId);
    const paid = await invoiceRow(update.id);
    expect(paid.status).toBe('paid');
  });

  it('sends a batch of renewals in nonce order, however slowly the node answers, each paid once', async () => {
    const subscribers = [];
    for (let i = 0; i < 24; i += 1) {
      const next = await chainKit.newPayer();
      const who = {
        payer: next,
        user: makeUser({ did: `did:pkh:eip155:31337:${next.address}`, walletAddress: next.address }),
      };
      subscribers.push({ ...who, subscription: await subscribe(13n, who) });
    }
    // A node that takes its time with each transaction: broadcasts sent at once would overtake.
    const slow: EvmChains = {
      connect(endpoint) {
        const real = kit.deps.chains.connect(endpoint);
        return {
          ...real,
          broadcast: async (raw) => {
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
            return real.broadcast(raw);
          },
        };
      },
    };
    const periodEnd = subscribers[0]!.subscription.current_period_end;
    kit.clock.set(periodEnd);
    await runBilling({ ...kit.deps, chains: slow }, { now: periodEnd, testClockId: null });
    for (const { payer: subscriber, subscription } of subscribers) {
      expect((await cycleInvoices(subscription.id)).map((invoice) => invoice.status)).toEqual(['paid']);
      expect(await chainKit.tokenBalance(subscriber.address)).toBe(PAYER_TUSD - 2n * MONTHLY_TUSD);
    }
  });

  it('leaves a pull waiting for its confirmations to the watcher, which then records the payment once', async () => {
    const subscription = await subscribe(13n);
    await requireConfirmations(3);
    await renewAt(subscription.current_period_end);
    const [pending] = await cycleInvoices(subscription.id);
    expect(pending).toMatchObject({ status: 'open', attempt_count: 0 });
    // Running the engine again while the pull is out neither pulls again nor records a failure.
    await renewAt(subscription.current_period_end + 60);
    expect(await kit.db.selectFrom('chain_transactions').select('id').execute()).toHaveLength(2);

    await chainKit.chain.mine(2);
    expect(await confirmPendingChainTransactions(kit.deps)).toBe(1);
    const [paid] = await cycleInvoices(subscription.id);
    expect(paid).toMatchObject({ status: 'paid', attempt_count: 1 });
    expect(await chainKit.tokenBalance(payer.address)).toBe(PAYER_TUSD - 2n * MONTHLY_TUSD);
  });
});
