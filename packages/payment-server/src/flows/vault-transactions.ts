import { newId } from '@bazaar/schemas';
import type { Address, Hex } from 'viem';
import type { PaymentDeps } from '../deps.ts';
import {
  findChainTransactionByAttempt,
  insertChainTransactionRow,
  takeVaultNonce,
  type ChainTransactionRow,
} from '../modules/chain-payments/repository.ts';
import { connectChain, vaultNonceKey, type ChainMethod } from '../modules/chain-payments/service.ts';
import { updatePaymentIntentFrom } from '../modules/payment-intents/repository.ts';
import { PAYABLE_STATUSES } from '../modules/payment-intents/service.ts';
import type { EvmChain, FeesPerGas, SignedTransaction } from '../providers/evm-chain.ts';

interface VaultTransaction {
  method: ChainMethod;
  token: Address;
  intentId: string;
  attemptKey: string;
  amount: bigint;
}

/**
 * The vault's transactions leave this process one at a time, in nonce order: a node refuses (or
 * holds back) a nonce that arrives before the one below it. Several nodes still take distinct
 * nonces from the database; a broadcast one of them loses to a gap is sent again by the watcher,
 * which resends in nonce order.
 */
const vaultQueues = new Map<string, Promise<unknown>>();

function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = vaultQueues.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.catch(() => undefined);
  vaultQueues.set(key, settled);
  void settled.then(() => {
    if (vaultQueues.get(key) === settled) vaultQueues.delete(key);
  });
  return run;
}

/**
 * A transaction the vault sends, once per (intent, attempt): it is signed with a nonce handed
 * out by the database and stored before it is broadcast, so after a crash the same transaction
 * is sent again rather than a second one. `onStored` runs in the storing transaction. A broadcast
 * that fails leaves the transaction pending for the watcher to send again.
 */
function sendFromVault(
  deps: PaymentDeps,
  input: VaultTransaction & {
    kind: 'pull' | 'refund';
    from: Address;
    to: Address;
    sign: (chain: EvmChain, nonce: number, fees: FeesPerGas) => Promise<SignedTransaction>;
    onStored?: (trx: PaymentDeps['db'], stored: ChainTransactionRow) => Promise<unknown>;
  },
): Promise<ChainTransactionRow> {
  return oneAtATime(vaultNonceKey(input.method), () => storeAndBroadcast(deps, input));
}

async function storeAndBroadcast(
  deps: PaymentDeps,
  input: Parameters<typeof sendFromVault>[1],
): Promise<ChainTransactionRow> {
  const { method } = input;
  const chain = connectChain(deps, method);
  const attempt = { paymentIntentId: input.intentId, attemptKey: input.attemptKey };
  let row = await findChainTransactionByAttempt(deps.db, attempt);
  if (!row) {
    // Read before the transaction: it must not wait on the chain while it holds the database.
    const [chainNonce, fees] = await Promise.all([chain.pendingNonce(method.vault), chain.feesPerGas()]);
    const now = deps.clock.now();
    row = await deps.db.transaction().execute(async (trx) => {
      const nonce = await takeVaultNonce(trx, { vault: vaultNonceKey(method), chainNonce });
      const signed = await input.sign(chain, nonce, fees);
      const stored: ChainTransactionRow = {
        id: newId('chainTransaction'),
        payment_intent_id: input.intentId,
        payment_method_id: method.id,
        kind: input.kind,
        attempt_key: input.attemptKey,
        tx_hash: signed.hash,
        raw_transaction: signed.raw,
        nonce,
        token: input.token,
        from_address: input.from,
        to_address: input.to,
        amount: input.amount.toString(),
        status: 'pending',
        block_number: null,
        failure_message: null,
        gas_price: null,
        gas_used: null,
        livemode: method.livemode ? 1 : 0,
        created_at: now,
        updated_at: now,
      };
      await insertChainTransactionRow(trx, stored);
      await input.onStored?.(trx, stored);
      return stored;
    });
  }
  if (row.status === 'pending' && row.raw_transaction) {
    await chain.broadcast(row.raw_transaction as Hex).catch(() => {
      // Stored and pending: the watcher sends it again, and reports what keeps failing.
    });
  }
  return row;
}

/** The vault's pull of `amount` from `from`'s allowance; the intent waits in `processing`. */
export function startPull(
  deps: PaymentDeps,
  input: VaultTransaction & { from: Address },
): Promise<ChainTransactionRow> {
  const { method } = input;
  return sendFromVault(deps, {
    ...input,
    kind: 'pull',
    to: method.vault,
    sign: (chain, nonce, fees) =>
      chain.signPull({
        fees,
        vaultKey: method.vaultKey,
        token: input.token,
        from: input.from,
        amount: input.amount,
        nonce,
      }),
    onStored: (trx, stored) =>
      updatePaymentIntentFrom(trx, input.intentId, PAYABLE_STATUSES, {
        status: 'processing',
        last_payment_error: null,
        updated_at: stored.created_at,
      }),
  });
}

/**
 * The vault sends a payer's tokens back: a transfer that paid nothing it could still pay, or a
 * refund (`onStored` runs with the transaction's id in the storing transaction).
 */
export function startRefund(
  deps: PaymentDeps,
  input: VaultTransaction & {
    to: Address;
    onStored?: (trx: PaymentDeps['db'], transactionId: string) => Promise<unknown>;
  },
): Promise<ChainTransactionRow> {
  const { method } = input;
  return sendFromVault(deps, {
    ...input,
    kind: 'refund',
    from: method.vault,
    onStored: input.onStored && ((trx, stored) => input.onStored!(trx, stored.id)),
    sign: (chain, nonce, fees) =>
      chain.signRefund({
        fees,
        vaultKey: method.vaultKey,
        token: input.token,
        to: input.to,
        amount: input.amount,
        nonce,
      }),
  });
}
