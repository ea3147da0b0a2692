import { newId } from '@bazaar/schemas';
import { isAddressEqual, type Address } from 'viem';
import type { PaymentDeps } from '../deps.ts';
import { returnKey } from '../modules/chain-payments/attempt-keys.ts';
import {
  findChainTransactionByHash,
  insertChainTransactionRow,
  markChainTransactionReturned,
  type ChainTransactionRow,
} from '../modules/chain-payments/repository.ts';
import type { ChainMethod } from '../modules/chain-payments/service.ts';
import type { MinedTransaction, TokenTransfer } from '../providers/evm-chain.ts';
import { startRefund } from './vault-transactions.ts';

/** A transfer the payer's wallet sent to the vault, as it is kept: its hash pays one intent at most. */
export function payerTransferRow(input: {
  method: ChainMethod;
  intentId: string;
  txHash: string;
  token: Address;
  from: Address | null;
  amount: string;
  status: 'pending' | 'returned';
  now: number;
}): ChainTransactionRow {
  return {
    id: newId('chainTransaction'),
    payment_intent_id: input.intentId,
    payment_method_id: input.method.id,
    kind: 'transfer',
    attempt_key: input.txHash,
    tx_hash: input.txHash,
    raw_transaction: null,
    nonce: null,
    token: input.token,
    from_address: input.from,
    to_address: input.method.vault,
    amount: input.amount,
    status: input.status,
    block_number: null,
    failure_message: null,
    gas_price: null,
    gas_used: null,
    livemode: input.method.livemode ? 1 : 0,
    created_at: input.now,
    updated_at: input.now,
  };
}

/** A successful transfer from the payer to the vault in a transaction, whatever its amount. */
export function strayTransfer(
  mined: MinedTransaction,
  expected: { token: Address; from: Address; vault: Address },
): TokenTransfer | null {
  if (mined.status !== 'success') return null;
  return (
    mined.transfers.find(
      (transfer) =>
        isAddressEqual(transfer.token, expected.token) &&
        isAddressEqual(transfer.from, expected.from) &&
        isAddressEqual(transfer.to, expected.vault),
    ) ?? null
  );
}

/**
 * A payer's transfer that cannot pay anything (the checkout changed, expired or was paid, or the
 * amount is wrong) goes back to them: the transfer is kept as `returned` (its hash pays nothing
 * else) and the vault sends the same amount back, once. Answers the refund, for the caller to
 * confirm.
 */
export async function returnStrayTransfer(
  deps: PaymentDeps,
  input: { method: ChainMethod; intentId: string; txHash: string; transfer: TokenTransfer },
): Promise<ChainTransactionRow> {
  const { method, transfer } = input;
  const now = deps.clock.now();
  const kept = await findChainTransactionByHash(deps.db, input.txHash);
  if (!kept) {
    await insertChainTransactionRow(
      deps.db,
      payerTransferRow({
        method,
        intentId: input.intentId,
        txHash: input.txHash,
        token: transfer.token,
        from: transfer.from,
        amount: transfer.value.toString(),
        status: 'returned',
        now,
      }),
    );
  } else {
    await markChainTransactionReturned(deps.db, kept.id, now);
  }
  return startRefund(deps, {
    method,
    token: transfer.token,
    intentId: input.intentId,
    attemptKey: returnKey(input.txHash),
    to: transfer.from,
    amount: transfer.value,
  });
}
