import { createPeriodicJob, type PeriodicJob } from '@bazaar/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import { getAddress, type Hex } from 'viem';
import type { PaymentDeps } from '../deps.ts';
import { parseInvoiceAttemptKey, parseRefundKey } from '../modules/chain-payments/attempt-keys.ts';
import {
  findChainTransactionRow,
  listPendingChainTransactionRows,
  settleChainTransactionRow,
  touchChainTransactionRow,
  type ChainTransactionRow,
} from '../modules/chain-payments/repository.ts';
import { connectChain, toChainMethod } from '../modules/chain-payments/service.ts';
import { updatePaymentIntentFrom } from '../modules/payment-intents/repository.ts';
import { getPaymentIntent } from '../modules/payment-intents/service.ts';
import { findMethodRow } from '../modules/payment-methods/repository.ts';
import { settleRefund } from '../modules/refunds/service.ts';
import { paysExactly, type MinedTransaction } from '../providers/evm-chain.ts';
import { recordPullOutcome } from './record-collection-attempts.ts';
import { returnStrayTransfer, strayTransfer } from './stray-transfers.ts';
import { getPaymentPurpose, settlePayment } from './settle-payment.ts';

export type ChainTransactionOutcome = 'succeeded' | 'failed' | 'pending';

/**
 * A payer's transfer the chain has not seen after this long is given up: the wallet dropped it,
 * or it was never sent. Pulls are the vault's own and are broadcast again instead.
 */
export const TRANSFER_GIVE_UP_SECONDS = 3_600;

/**
 * Looks at one pending transaction on its chain. Once it is mined `confirmations` deep and moved
 * exactly the expected tokens, what it paid for completes (the checkout, with its invoice and
 * subscription), then the row is marked; completing is idempotent, so a crash between the two
 * completes nothing twice. A reverted or wrong transaction fails the intent with the reason, which
 * the checkout page shows. A pull not mined yet is broadcast again (it may have been lost).
 */
export async function confirmChainTransaction(
  deps: PaymentDeps,
  id: string,
): Promise<ChainTransactionOutcome> {
  const row = await findChainTransactionRow(deps.db, id);
  if (!row || row.status !== 'pending') return (row?.status as ChainTransactionOutcome) ?? 'failed';
  const method = toChainMethod((await findMethodRow(deps.db, row.payment_method_id))!);
  const chain = connectChain(deps, method);
  const now = deps.clock.now();
  const mined = await chain.minedTransaction(row.tx_hash as Hex);
  if (!mined) {
    if (row.raw_transaction) {
      await chain.broadcast(row.raw_transaction as Hex);
    } else if (now - row.created_at > TRANSFER_GIVE_UP_SECONDS) {
      return fail(deps, row, 'The transaction was not found on chain');
    }
    await touchChainTransactionRow(deps.db, row.id, now);
    return 'pending';
  }
  if (mined.confirmations < BigInt(method.confirmations)) {
    await touchChainTransactionRow(deps.db, row.id, now);
    return 'pending';
  }
  if (mined.status === 'reverted') return fail(deps, row, 'The transaction failed on chain', mined);
  const transfer = paysExactly(mined.transfers, {
    token: getAddress(row.token),
    from: row.from_address ? getAddress(row.from_address) : null,
    to: getAddress(row.to_address),
    amount: BigInt(row.amount),
  });
  if (!transfer) {
    const failed = await fail(deps, row, 'The transaction does not pay this checkout', mined);
    const stray =
      row.kind === 'transfer' &&
      row.from_address &&
      strayTransfer(mined, {
        token: getAddress(row.token),
        from: getAddress(row.from_address),
        vault: method.vault,
      });
    if (stray) {
      await sendBackStrayTransfer(deps, {
        method,
        intentId: row.payment_intent_id,
        txHash: row.tx_hash,
        transfer: stray,
      });
    }
    return failed;
  }

  // A refund completes nothing: the tokens are back with the payer.
  if (row.kind !== 'refund') {
    const record = await getPaymentIntent(deps.db, row.payment_intent_id);
    await settlePayment(deps, {
      intent: record.intent,
      purpose: await getPaymentPurpose(deps.db, { record, transaction: row }),
      details: {
        tx_hash: row.tx_hash,
        payer: transfer.from,
        chain_id: method.chainId,
        explorer_host: method.explorerHost,
      },
      savedCard: null,
      payerAddress: transfer.from,
    });
  }
  const settled = {
    status: 'succeeded',
    block_number: mined.blockNumber.toString(),
    from_address: transfer.from,
    ...minedCost(mined),
    updated_at: now,
  };
  const refundId = parseRefundKey(row.attempt_key);
  if (refundId) {
    // A vault refund sent for a refund (not a stray transfer's return) settles it in one transaction.
    await deps.db.transaction().execute(async (trx) => {
      if (await settleChainTransactionRow(trx, row.id, settled)) {
        await settleRefund(trx, { refundId, outcome: { status: 'succeeded' }, clock: deps.clock });
      }
    });
    await deps.flushEvents();
  } else {
    await settleChainTransactionRow(deps.db, row.id, settled);
  }
  return 'succeeded';
}

const minedCost = (mined: MinedTransaction) => ({
  gas_price: mined.gasPrice.toString(),
  gas_used: mined.gasUsed.toString(),
});

/** A renewal attempt's pull, as opposed to one the payer asked for. */
const isRenewalPull = (row: ChainTransactionRow) => parseInvoiceAttemptKey(row.attempt_key) !== null;

/**
 * The intent goes back to the payer with the reason, and they may pay again; a renewal's pull
 * counts as a failed attempt on the invoice's retry schedule.
 */
async function fail(
  deps: PaymentDeps,
  row: ChainTransactionRow,
  message: string,
  mined?: MinedTransaction,
): Promise<'failed'> {
  const now = deps.clock.now();
  const error = { code: 'chain_transaction_failed', message };
  const refundId = parseRefundKey(row.attempt_key);
  // False when someone else settled the row first: they record the outcome.
  const isSettledHere = await deps.db.transaction().execute(async (trx) => {
    const settled = {
      status: 'failed',
      failure_message: message,
      ...(mined && minedCost(mined)),
      updated_at: now,
    };
    if (!(await settleChainTransactionRow(trx, row.id, settled))) return false;
    // A failed refund leaves the intent as it is: it paid nothing.
    if (row.kind === 'refund') {
      if (refundId)
        await settleRefund(trx, { refundId, outcome: { status: 'failed', message }, clock: deps.clock });
    } else {
      await updatePaymentIntentFrom(trx, row.payment_intent_id, ['processing'], {
        status: 'requires_action',
        last_payment_error: JSON.stringify(error),
        updated_at: now,
      });
    }
    return true;
  });
  if (isSettledHere && refundId) await deps.flushEvents();
  if (isSettledHere && isRenewalPull(row)) {
    await recordPullOutcome(deps, {
      pull: row,
      outcome: { status: 'failed', chargeId: row.tx_hash, error },
      paymentDetails: null,
    });
  }
  return 'failed';
}

/**
 * `confirmChainTransaction` right after a transaction was sent, for the payer who is waiting: a
 * chain that does not answer now leaves it pending for the watcher rather than failing the
 * request, since the transaction is stored and will be settled either way.
 */
export function confirmSoon(deps: PaymentDeps, id: string): Promise<ChainTransactionOutcome> {
  return confirmChainTransaction(deps, id).catch(() => 'pending' as const);
}

/** Returns a payer's stray transfer (`returnStrayTransfer`) and confirms the refund at once. */
export async function sendBackStrayTransfer(
  deps: PaymentDeps,
  input: Parameters<typeof returnStrayTransfer>[1],
): Promise<void> {
  const refund = await returnStrayTransfer(deps, input);
  await confirmSoon(deps, refund.id);
}

/** Transactions looked at per run; the oldest look first. */
const CONFIRM_BATCH_SIZE = 100;
export const CHAIN_CONFIRM_INTERVAL_MS = 5_000;

/** Looks at every pending transaction once; returns how many settled. */
export async function confirmPendingChainTransactions(deps: PaymentDeps): Promise<number> {
  const rows = await listPendingChainTransactionRows(deps.db, CONFIRM_BATCH_SIZE);
  let settled = 0;
  const errors: unknown[] = [];
  // One chain out of reach must not hold up the others' payments.
  for (const row of rows) {
    try {
      if ((await confirmChainTransaction(deps, row.id)) !== 'pending') settled += 1;
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0)
    throw new AggregateError(errors, `${errors.length} chain transactions could not be checked`);
  return settled;
}

/** Runs `confirmPendingChainTransactions` every 5 s. */
export function createChainWatcher(deps: PaymentDeps, logger: FastifyBaseLogger): PeriodicJob {
  return createPeriodicJob({
    task: () => confirmPendingChainTransactions(deps),
    intervalMs: CHAIN_CONFIRM_INTERVAL_MS,
    logger,
    failureMessage: 'confirming chain transactions failed; the next run retries',
  });
}
