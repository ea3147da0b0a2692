import type { CreateRefundInput, Refund } from '@bazaar/schemas';
import { AppError, createPeriodicJob, notFound, type PeriodicJob } from '@bazaar/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import { getAddress } from 'viem';
import { fromFlag } from '../db/json.ts';
import type { PaymentDb } from '../db/tables.ts';
import type { PaymentDeps } from '../deps.ts';
import { refundKey } from '../modules/chain-payments/attempt-keys.ts';
import { findPayingChainTransaction } from '../modules/chain-payments/repository.ts';
import { isChainMethod, toChainMethod } from '../modules/chain-payments/service.ts';
import { recordEvents } from '../modules/events/service.ts';
import { findInvoiceRow } from '../modules/invoices/repository.ts';
import { findPaymentIntentRow, type PaymentIntentRow } from '../modules/payment-intents/repository.ts';
import { toPaymentIntent } from '../modules/payment-intents/service.ts';
import { findMethodRow } from '../modules/payment-methods/repository.ts';
import {
  claimUnsentRefundRows,
  setRefundProviderRef,
  type RefundRow,
} from '../modules/refunds/repository.ts';
import { getRefund, insertPendingRefund, refundEvent, settleRefund } from '../modules/refunds/service.ts';
import { customerNow } from '../modules/test-clocks/service.ts';
import { confirmSoon } from './confirm-chain-transactions.ts';
import { startRefund } from './vault-transactions.ts';

/**
 * Gives back all or part of a succeeded payment, named by its intent or by the invoice it paid.
 * The refund is written pending (with `refund.created`) before anything is sent, then sent to the
 * card provider or from the vault; a node that stops in between leaves it for the refund sender,
 * which sends it with the same idempotency key, so it is never paid out twice.
 */
export async function createRefund(deps: PaymentDeps, input: CreateRefundInput): Promise<Refund> {
  const intent = await findRefundableIntent(deps.db, input);
  const subscriptionId = intent.invoice_id
    ? ((await findInvoiceRow(deps.db, intent.invoice_id))?.subscription_id ?? null)
    : null;
  const now = await customerNow(deps.db, deps.clock, intent.customer_id);
  const retryAt = deps.clock.now() + REFUND_RETRY_SECONDS;
  const row = await deps.db.transaction().execute(async (trx) => {
    const pending = await insertPendingRefund(trx, { intent, subscriptionId, body: input, now, retryAt });
    await recordEvents(trx, {
      now,
      livemode: fromFlag(pending.livemode),
      payloads: [refundEvent('refund.created', pending)],
    });
    return pending;
  });
  await deps.flushEvents();
  // A provider or chain out of reach leaves the refund pending: the refund sender tries again.
  await sendRefund(deps, row, intent).catch(() => undefined);
  return getRefund(deps.db, row.id);
}

async function findRefundableIntent(db: PaymentDb, input: CreateRefundInput): Promise<PaymentIntentRow> {
  const intentId = input.payment_intent_id ?? (await invoiceIntentId(db, input.invoice_id!));
  const intent = intentId ? await findPaymentIntentRow(db, intentId) : undefined;
  if (!intent && input.payment_intent_id) throw notFound('PaymentIntent', input.payment_intent_id);
  if (!intent || intent.status !== 'succeeded' || BigInt(intent.amount_received) === 0n) {
    throw new AppError('PAYMENT_NOT_REFUNDABLE', 'Only a succeeded payment can be refunded');
  }
  return intent;
}

async function invoiceIntentId(db: PaymentDb, invoiceId: string): Promise<string | null> {
  const invoice = await findInvoiceRow(db, invoiceId);
  if (!invoice) throw notFound('Invoice', invoiceId);
  return invoice.payment_intent_id;
}

/**
 * Sends a pending refund to where its payment came from. A card provider's answer settles it now
 * (or, pending, by its webhook later); a chain refund is the vault's transaction, stored with the
 * refund's key before it is broadcast, and the chain watcher settles it once mined. An error
 * leaves it pending for the refund sender to try again with the same key.
 */
async function sendRefund(deps: PaymentDeps, row: RefundRow, intent: PaymentIntentRow): Promise<void> {
  const method = (await findMethodRow(deps.db, intent.payment_method_id))!;
  if (isChainMethod(method)) {
    const paying = await findPayingChainTransaction(deps.db, intent.id);
    if (!paying?.from_address) {
      await settleRefund(deps.db, {
        refundId: row.id,
        clock: deps.clock,
        outcome: {
          status: 'failed',
          message: 'The payment has no chain transaction to send the refund back to',
        },
      });
      await deps.flushEvents();
      return;
    }
    const sent = await startRefund(deps, {
      method: toChainMethod(method),
      token: getAddress(paying.token),
      intentId: intent.id,
      attemptKey: refundKey(row.id),
      to: getAddress(paying.from_address),
      amount: BigInt(row.amount),
      onStored: (trx, transactionId) => setRefundProviderRef(trx, row.id, transactionId),
    });
    await confirmSoon(deps, sent.id);
    return;
  }
  const details = toPaymentIntent(intent).payment_details;
  const outcome = await deps.cards.refund({
    paymentIntentId: intent.id,
    paymentMethodId: intent.payment_method_id,
    card: details && 'last4' in details ? details : null,
    amount: BigInt(row.amount),
    currencyId: row.currency_id,
    idempotencyKey: row.id,
    now: deps.clock.now(),
  });
  await deps.db.transaction().execute(async (trx) => {
    await setRefundProviderRef(trx, row.id, outcome.refundId);
    if (outcome.status === 'pending') return;
    await settleRefund(trx, {
      refundId: row.id,
      clock: deps.clock,
      outcome:
        outcome.status === 'succeeded'
          ? { status: 'succeeded' }
          : { status: 'failed', message: outcome.message },
    });
  });
  await deps.flushEvents();
}

/** A refund whose send did not finish is tried again after this long. */
export const REFUND_RETRY_SECONDS = 60;
const REFUND_BATCH_SIZE = 50;
const REFUND_SENDER_INTERVAL_MS = 15_000;

/**
 * Sends the refunds whose sending was cut short (a node stopped, the provider or the chain did
 * not answer), with the same idempotency key as the first try. Returns how many it tried.
 */
export async function sendUnsentRefunds(deps: PaymentDeps): Promise<number> {
  const claimed = await deps.db.transaction().execute((trx) =>
    claimUnsentRefundRows(trx, {
      now: deps.clock.now(),
      retrySeconds: REFUND_RETRY_SECONDS,
      limit: REFUND_BATCH_SIZE,
    }),
  );
  const errors: unknown[] = [];
  // One provider or chain out of reach must not hold up the other refunds.
  for (const row of claimed) {
    const intent = (await findPaymentIntentRow(deps.db, row.payment_intent_id))!;
    await sendRefund(deps, row, intent).catch((error: unknown) => errors.push(error));
  }
  if (errors.length > 0) throw new AggregateError(errors, `${errors.length} refunds could not be sent`);
  return claimed.length;
}

/** Runs `sendUnsentRefunds` every 15 s. */
export function createRefundSender(deps: PaymentDeps, logger: FastifyBaseLogger): PeriodicJob {
  return createPeriodicJob({
    task: () => sendUnsentRefunds(deps),
    intervalMs: REFUND_SENDER_INTERVAL_MS,
    logger,
    failureMessage: 'sending refunds failed; the next run retries',
  });
}
