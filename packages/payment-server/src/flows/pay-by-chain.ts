import type { ChainContext, PaymentIntent } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import { getAddress, type Address, type Hex } from 'viem';
import type { PaymentDb } from '../db/tables.ts';
import type { PaymentDeps } from '../deps.ts';
import { CHECKOUT_ATTEMPT_KEY } from '../modules/chain-payments/attempt-keys.ts';
import {
  findChainTransactionByAttempt,
  findChainTransactionByHash,
  insertChainTransactionRow,
  type ChainTransactionRow,
} from '../modules/chain-payments/repository.ts';
import {
  CHAIN_CONFIRMATION_WINDOW_SECONDS,
  connectChain,
  toChainMethod,
  tokenOf,
  type ChainMethod,
} from '../modules/chain-payments/service.ts';
import {
  assertMayActOnSession,
  sessionCustomerDid,
  type CheckoutActor,
} from '../modules/checkout-sessions/access.ts';
import {
  extendHold,
  updateOpenSession,
  type CheckoutSessionRow,
} from '../modules/checkout-sessions/repository.ts';
import { getSessionRow, sessionClosedError } from '../modules/checkout-sessions/service.ts';
import { updatePaymentIntentFrom } from '../modules/payment-intents/repository.ts';
import { getPaymentIntent, PAYABLE_STATUSES, type PaymentError } from '../modules/payment-intents/service.ts';
import type { InvoiceRow } from '../modules/invoices/repository.ts';
import {
  findCurrencyRow,
  findMethodRow,
  type PaymentCurrencyRow,
} from '../modules/payment-methods/repository.ts';
import { paysExactly } from '../providers/evm-chain.ts';
import { completeCheckout } from './complete-checkout.ts';
import { confirmSoon, sendBackStrayTransfer } from './confirm-chain-transactions.ts';
import { payerTransferRow, strayTransfer } from './stray-transfers.ts';
import { startPull } from './vault-transactions.ts';

/** A subscriber approves the first payment and this many renewals at once. */
export const APPROVAL_PERIODS = 12n;

/**
 * What submit answers for a chain method: the wallet step's context, and whether the payer's
 * balance covers the payment and their allowance to the vault (the delegation) covers it too.
 */
export interface ChainSubmit {
  chainContext: ChainContext;
  balance: { sufficient: boolean };
  delegation: { sufficient: boolean };
}

/** Where a payer stands on chain before a submit writes anything. */
export interface ChainStanding {
  method: ChainMethod;
  token: Address;
  symbol: string;
  decimals: number;
  payer: Address | null;
  amount: bigint;
  /** What one renewal costs (0 for one-time payments): a subscription's allowance must cover one. */
  renewal: bigint;
  isBalanceSufficient: boolean;
  isDelegationSufficient: boolean;
}

/**
 * The payer's token balance and allowance to the vault, read before the submit writes anything
 * so an unreachable chain refuses the submit cleanly (CHAIN_UNAVAILABLE). The delegation is
 * sufficient when the allowance covers this payment and, for a subscription, a renewal. The
 * currency is the one the caller resolved; the method is read for its vault key.
 */
export async function readChainStanding(
  deps: PaymentDeps,
  input: {
    methodId: string;
    currency: Pick<PaymentCurrencyRow, 'contract' | 'symbol' | 'decimal'>;
    payer: Address | null;
    amount: bigint;
    renewal: bigint;
  },
): Promise<ChainStanding> {
  const { currency, payer, amount, renewal } = input;
  const method = toChainMethod((await findMethodRow(deps.db, input.methodId))!);
  const token = tokenOf(currency);
  const chain = connectChain(deps, method);
  const [balance, allowance] = payer
    ? await Promise.all([
        chain.tokenBalance({ token, owner: payer }),
        chain.allowance({ token, owner: payer, spender: method.vault }),
      ]).catch((error: unknown) => {
        throw new AppError('CHAIN_UNAVAILABLE', `${method.name} cannot be reached; please try again`, [
          { path: 'payment_method', message: String(error).slice(0, 200) },
        ]);
      })
    : [0n, 0n];
  const isBalanceSufficient = payer !== null && balance >= amount;
  return {
    method,
    token,
    symbol: currency.symbol,
    decimals: currency.decimal,
    payer,
    amount,
    renewal,
    isBalanceSufficient,
    isDelegationSufficient: isBalanceSufficient && amount + renewal > 0n && allowance >= amount + renewal,
  };
}

/**
 * The chain side of a submit, once its intent is ready: when the delegation
 * is sufficient the vault pulls the amount right away (the fast path, never for donations) and
 * the page only waits. Otherwise the payer's wallet transfers the amount (one-time payments,
 * donations) or approves the vault (subscriptions, which then submit again).
 */
export async function startChainCheckout(
  deps: PaymentDeps,
  input: { standing: ChainStanding; intent: PaymentIntent; session: OpenSession; isDonation: boolean },
): Promise<ChainSubmit> {
  const { standing, intent } = input;
  const { method, token, payer, amount, renewal } = standing;
  const isSubscription = renewal > 0n;
  const isFastPath = standing.isDelegationSufficient && !input.isDonation && payer !== null;
  if (isFastPath) {
    await pullForCheckout(deps, { method, token, intent, session: input.session, payer });
  }
  return chainAnswer(standing, {
    action: isFastPath ? 'none' : isSubscription ? 'approve' : 'transfer',
    approveAmount: amount + renewal * APPROVAL_PERIODS,
  });
}

/** What the wallet step is told, with whether the balance and the delegation suffice. */
export function chainAnswer(
  standing: ChainStanding,
  input: { action: ChainContext['action']; approveAmount: bigint },
): ChainSubmit {
  const { method } = standing;
  return {
    chainContext: {
      chain_id: method.chainId,
      rpc_url: method.rpcUrl,
      explorer_host: method.explorerHost,
      network_name: method.name,
      token: { address: standing.token, symbol: standing.symbol, decimals: standing.decimals },
      vault: method.vault,
      payer: standing.payer,
      amount: standing.amount.toString(),
      action: input.action,
      approve_amount: input.approveAmount.toString(),
    },
    balance: { sufficient: standing.isBalanceSufficient },
    delegation: { sufficient: standing.isDelegationSufficient },
  };
}

/**
 * Pulls what is due and completes the checkout once the pull confirms. A subscription with
 * nothing due today (a trial) completes at once: the allowance is what renewals need.
 */
async function pullForCheckout(
  deps: PaymentDeps,
  input: {
    method: ChainMethod;
    token: Address;
    intent: PaymentIntent;
    session: OpenSession;
    payer: Address;
  },
): Promise<void> {
  if (BigInt(input.intent.amount) === 0n) {
    await completeCheckout(deps, {
      intent: input.intent,
      session: input.session,
      details: null,
      savedCard: null,
      payerAddress: input.payer,
    });
    return;
  }
  await keepSessionOpen(deps.db, input.session, deps.clock.now());
  const row = await startPull(deps, {
    method: input.method,
    token: input.token,
    intentId: input.intent.id,
    attemptKey: CHECKOUT_ATTEMPT_KEY,
    from: input.payer,
    amount: BigInt(input.intent.amount),
  });
  await confirmSoon(deps, row.id);
}

/**
 * A chain subscription's renewal: the vault pulls what the invoice asks from the subscriber's
 * allowance. An allowance or balance that no longer covers it fails the attempt at once, without
 * spending gas on a transaction that would revert; the retry schedule takes it from there.
 */
export async function startInvoicePull(
  deps: PaymentDeps,
  input: { invoice: InvoiceRow; intentId: string; methodId: string; payer: string; attemptKey: string },
): Promise<{ pull: ChainTransactionRow } | { error: PaymentError }> {
  const { invoice } = input;
  const method = toChainMethod((await findMethodRow(deps.db, input.methodId))!);
  const token = tokenOf((await findCurrencyRow(deps.db, invoice.currency_id))!);
  const payer = getAddress(input.payer);
  const amount = BigInt(invoice.amount_remaining);
  const existing = await findChainTransactionByAttempt(deps.db, {
    paymentIntentId: input.intentId,
    attemptKey: input.attemptKey,
  });
  if (!existing) {
    const chain = connectChain(deps, method);
    const [balance, allowance] = await Promise.all([
      chain.tokenBalance({ token, owner: payer }),
      chain.allowance({ token, owner: payer, spender: method.vault }),
    ]);
    if (allowance < amount) return { error: INSUFFICIENT_ALLOWANCE };
    if (balance < amount) return { error: INSUFFICIENT_BALANCE };
  }
  const pull = await startPull(deps, {
    method,
    token,
    intentId: input.intentId,
    attemptKey: input.attemptKey,
    from: payer,
    amount,
  });
  return { pull };
}

const INSUFFICIENT_ALLOWANCE: PaymentError = {
  code: 'insufficient_allowance',
  message: 'The wallet no longer allows this subscription to collect the invoice',
};
const INSUFFICIENT_BALANCE: PaymentError = {
  code: 'insufficient_funds',
  message: 'The wallet does not hold enough to pay the invoice',
};

/**
 * `PUT /checkout-sessions/{id}/chain-transaction`: the payer's wallet sent a transfer. The hash
 * is taken once: a mined transaction must pay this session's intent exactly (token, vault,
 * amount, and the payer's bound wallet when there is one); a transaction not mined yet waits
 * with the intent in `processing` until the chain confirms or refutes it.
 */
export async function reportChainTransfer(
  deps: PaymentDeps,
  input: { sessionId: string; txHash: Hex; actor: CheckoutActor },
): Promise<PaymentIntent> {
  const { user } = input.actor;
  // A repeated report (the page retrying) answers the payment as it stands, even once complete.
  const existing = await findChainTransactionByHash(deps.db, input.txHash);
  if (existing) {
    const paid = await getPaymentIntent(deps.db, existing.payment_intent_id);
    if (paid.checkoutSessionId !== input.sessionId) {
      throw new AppError('CHAIN_TRANSACTION_USED', 'This transaction already paid another payment');
    }
    if (existing.status === 'returned') throw new AppError('CHAIN_TRANSACTION_INVALID', SENT_BACK);
    return paid.intent;
  }
  const session = await getSessionRow(deps.db, input.sessionId);
  assertMayActOnSession(session, await sessionCustomerDid(deps.db, session), input.actor);
  if (!session.payment_intent_id) {
    throw new AppError('CHAIN_TRANSACTION_INVALID', 'Submit the checkout before paying it');
  }
  const { intent } = await getPaymentIntent(deps.db, session.payment_intent_id);
  const method = toChainMethod((await findMethodRow(deps.db, intent.payment_method_id))!);
  const token = tokenOf((await findCurrencyRow(deps.db, intent.currency_id))!);
  const payer = user?.walletAddress ? getAddress(user.walletAddress) : null;
  const mined = await connectChain(deps, method).minedTransaction(input.txHash);
  const now = deps.clock.now();
  const problem =
    mined && transferProblem(mined, { token, from: payer, to: method.vault, amount: BigInt(intent.amount) });
  const refusal =
    sessionClosedError(session, now) ??
    (problem ? new AppError('CHAIN_TRANSACTION_INVALID', problem) : null) ??
    (PAYABLE_STATUSES.includes(intent.status)
      ? null
      : new AppError('PAYMENT_INTENT_UNEXPECTED_STATE', `This payment intent is ${intent.status}`));
  if (refusal) {
    const stray = mined && payer && strayTransfer(mined, { token, from: payer, vault: method.vault });
    if (!stray) throw refusal;
    await sendBackStrayTransfer(deps, { method, intentId: intent.id, txHash: input.txHash, transfer: stray });
    throw new AppError(refusal.code, `${refusal.message}. ${SENT_BACK}`);
  }

  const row = payerTransferRow({
    method,
    intentId: intent.id,
    txHash: input.txHash,
    token,
    from: payer,
    amount: intent.amount,
    status: 'pending',
    now,
  });
  await deps.db.transaction().execute(async (trx) => {
    if (!(await insertChainTransactionRow(trx, row))) {
      throw new AppError('CHAIN_TRANSACTION_USED', 'This transaction already paid another payment');
    }
    const isProcessing = await updatePaymentIntentFrom(trx, intent.id, PAYABLE_STATUSES, {
      status: 'processing',
      last_payment_error: null,
      updated_at: now,
    });
    if (!isProcessing) {
      throw new AppError('PAYMENT_INTENT_UNEXPECTED_STATE', `This payment intent is ${intent.status}`);
    }
    await keepSessionOpen(trx, session, now);
  });
  await confirmSoon(deps, row.id);
  return (await getPaymentIntent(deps.db, intent.id)).intent;
}

const SENT_BACK = 'The tokens it sent are being returned to your wallet';

/** Why a mined transaction does not pay what it should, or null when it does. */
export function transferProblem(
  mined: { status: 'success' | 'reverted'; transfers: Parameters<typeof paysExactly>[0] },
  expected: Parameters<typeof paysExactly>[1],
): string | null {
  if (mined.status === 'reverted') return 'The transaction failed on chain';
  if (!paysExactly(mined.transfers, expected)) return 'The transaction does not pay this checkout';
  return null;
}

/** Only the payer who submitted may report their payment; a guest's donation has no account to check. */
/** The session a chain payment is made for, as its caller read it. */
type OpenSession = Pick<CheckoutSessionRow, 'id' | 'expires_at'>;

/** The sweepers must not expire a session, nor give back its stock, while its money is on its way. */
async function keepSessionOpen(db: PaymentDb, session: OpenSession, now: number): Promise<void> {
  const until = now + CHAIN_CONFIRMATION_WINDOW_SECONDS;
  if (session.expires_at < until) await updateOpenSession(db, session.id, { expires_at: until });
  await extendHold(db, session.id, until);
}
