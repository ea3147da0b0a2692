import {
  hasPrefix,
  newId,
  refundSchema,
  type CreateRefundInput,
  type EventPayload,
  type exportRefundsQuerySchema,
  type listRefundsQuerySchema,
  type ListedRefund,
  type PaymentIntent,
  type Refund,
  type SessionUser,
} from '@bazaar/schemas';
import { AppError, mapBatches, notFound, type Clock, type ListExport } from '@bazaar/server-kit';
import type { z } from 'zod';
import { fromFlag } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import { listChainTransactionRowsById, type ChainTransactionRow } from '../chain-payments/repository.ts';
import { listScope } from '../customers/scope.ts';
import { getCurrenciesById } from '../payment-methods/service.ts';
import type { PaymentIntentRow } from '../payment-intents/repository.ts';
import {
  exportRefundRows,
  findRefundRow,
  HOLDING_STATUSES,
  insertRefundRow,
  listPaymentRefundRows,
  listRefundRows,
  lockRefundedAmount,
  updateRefundFrom,
  type RefundRow,
} from './repository.ts';
import { recordEvents } from '../events/service.ts';
import { customerNow } from '../test-clocks/service.ts';

function toRefund(row: RefundRow, transaction: ChainTransactionRow | undefined): Refund {
  return {
    id: row.id,
    object: 'refund',
    type: refundSchema.shape.type.parse(row.type),
    status: refundSchema.shape.status.parse(row.status),
    reason: refundSchema.shape.reason.parse(row.reason),
    description: row.description,
    amount: row.amount,
    currency_id: row.currency_id,
    payment_intent_id: row.payment_intent_id,
    customer_id: row.customer_id,
    invoice_id: row.invoice_id,
    subscription_id: row.subscription_id,
    failure_message: row.failure_message,
    payment_details: transaction
      ? {
          tx_hash: transaction.tx_hash,
          gas_price: transaction.gas_price,
          gas_used: transaction.gas_used,
          payment_intent_id: transaction.payment_intent_id,
        }
      : null,
    attempt_count: row.attempt_count,
    livemode: fromFlag(row.livemode),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Refunds as the API shows them, with the vault's transaction of each chain refund (one query). */
async function toRefunds(db: PaymentDb, rows: readonly RefundRow[]): Promise<Refund[]> {
  const transactions = await listChainTransactionRowsById(
    db,
    rows.flatMap((row) =>
      row.provider_ref && hasPrefix(row.provider_ref, 'chainTransaction') ? [row.provider_ref] : [],
    ),
  );
  const byId = new Map(transactions.map((transaction) => [transaction.id, transaction]));
  return rows.map((row) => toRefund(row, row.provider_ref ? byId.get(row.provider_ref) : undefined));
}

export async function getRefund(db: PaymentDb, id: string): Promise<Refund> {
  const row = await findRefundRow(db, id);
  if (!row) throw notFound('Refund', id);
  const [refund] = await toRefunds(db, [row]);
  return refund!;
}

/**
 * `GET /refunds`: an admin sees everyone's (or the customer they name); anyone else, and an admin
 * asking for their `own`, only the refunds of their own payments. Each comes with its currency,
 * so a list can write the amount without another lookup.
 */
export async function listVisibleRefunds(
  db: PaymentDb,
  input: { user: SessionUser; query: z.output<typeof listRefundsQuerySchema> & { livemode: boolean } },
): Promise<{ list: ListedRefund[]; count: number }> {
  const { user, query } = input;
  const scope = await listScope(db, {
    user,
    livemode: query.livemode,
    customerId: query.customer_id,
    own: query.own,
  });
  if (!scope) return { list: [], count: 0 };
  const { rows, count } = await listRefundRows(db, { ...query, customer_id: scope.customerId });
  return { list: await toListedRefunds(db, rows), count };
}

/** Refunds as lists show them: with the currency to write their amounts in. */
async function toListedRefunds(db: PaymentDb, rows: readonly RefundRow[]): Promise<ListedRefund[]> {
  const refunds = await toRefunds(db, rows);
  const currencies = await getCurrenciesById(
    db,
    refunds.map((refund) => refund.currency_id),
  );
  return refunds.map((refund) => ({ ...refund, currency: currencies.get(refund.currency_id)! }));
}

/** `GET /refunds/export.csv` (admins): every refund the same query lists, newest first. */
export async function exportRefunds(
  db: PaymentDb,
  query: z.output<typeof exportRefundsQuerySchema> & { livemode: boolean },
): Promise<ListExport<ListedRefund>> {
  const rows = await exportRefundRows(db, query);
  return { total: rows.total, records: mapBatches(rows.records, (batch) => toListedRefunds(db, batch)) };
}

/** Each payment's refunds, oldest first, in two queries for all of them. */
export async function listPaymentRefunds(
  db: PaymentDb,
  paymentIntentIds: readonly string[],
): Promise<Map<string, Refund[]>> {
  const refunds = await toRefunds(db, await listPaymentRefundRows(db, paymentIntentIds));
  const byPayment = new Map<string, Refund[]>();
  for (const refund of refunds) {
    const list = byPayment.get(refund.payment_intent_id);
    if (list) list.push(refund);
    else byPayment.set(refund.payment_intent_id, [refund]);
  }
  return byPayment;
}

/**
 * What came back of a payment (its succeeded refunds) and what a new refund may still take: what
 * was received, less the refunds that hold their part (sent, or still being sent). Only a
 * succeeded payment can be refunded at all.
 */
export function refundStanding(
  intent: Pick<PaymentIntent, 'status' | 'amount_received'>,
  refunds: readonly Pick<Refund, 'status' | 'amount'>[],
): { refunded: bigint; refundable: bigint } {
  const sum = (statuses: readonly string[]) =>
    refunds
      .filter((refund) => statuses.includes(refund.status))
      .reduce((total, refund) => total + BigInt(refund.amount), 0n);
  const left = BigInt(intent.amount_received) - sum(HOLDING_STATUSES);
  return {
    refunded: sum(['succeeded']),
    refundable: intent.status === 'succeeded' && left > 0n ? left : 0n,
  };
}

/** What a refund event carries. */
export function refundEvent(
  type: 'refund.created' | 'refund.succeeded' | 'refund.failed',
  row: RefundRow,
): EventPayload {
  return {
    type,
    data: {
      id: row.id,
      payment_intent_id: row.payment_intent_id,
      customer_id: row.customer_id,
      invoice_id: row.invoice_id,
      amount: row.amount,
      currency_id: row.currency_id,
      type: row.type,
      status: row.status,
    },
  };
}

/**
 * Writes a pending refund of `intent` for `amount` (all that is left when absent), inside the
 * caller's transaction: what the payment's refunds already hold is read under its lock, so
 * concurrent refunds can never together give back more than was received.
 */
export async function insertPendingRefund(
  trx: PaymentDb,
  input: {
    intent: PaymentIntentRow;
    subscriptionId: string | null;
    body: Pick<CreateRefundInput, 'amount' | 'type' | 'reason' | 'description'>;
    now: number;
    /** System time at which the refund sender takes it if this send does not finish. */
    retryAt: number;
  },
): Promise<RefundRow> {
  const { intent, body } = input;
  const refunded = await lockRefundedAmount(trx, intent.id);
  const left = BigInt(intent.amount_received) - refunded;
  const amount = body.amount === undefined ? left : BigInt(body.amount);
  if (amount <= 0n || amount > left) {
    throw new AppError(
      'REFUND_EXCEEDS_PAYMENT',
      `The refund of ${amount} is more than the ${left} left unrefunded of ${intent.id}`,
    );
  }
  const row: RefundRow = {
    id: newId('refund'),
    payment_intent_id: intent.id,
    customer_id: intent.customer_id,
    invoice_id: intent.invoice_id,
    subscription_id: input.subscriptionId,
    amount: amount.toString(),
    currency_id: intent.currency_id,
    type: body.type,
    reason: body.reason,
    description: body.description ?? null,
    status: 'pending',
    failure_message: null,
    provider_ref: null,
    attempt_count: 1,
    next_attempt_at: input.retryAt,
    livemode: intent.livemode,
    created_at: input.now,
    updated_at: input.now,
  };
  await insertRefundRow(trx, row);
  return row;
}

type RefundOutcome = { status: 'succeeded' } | { status: 'failed'; message: string };

/**
 * Settles a pending refund with its outcome and announces it, at its customer's time, in the
 * caller's transaction; a refund already settled (by another node, or by a provider's webhook
 * that came first) is left as it is. Only a failure may follow success: a card issuer can return
 * a refund days after the provider first reported it done, and then the money was not given back.
 */
export async function settleRefund(
  trx: PaymentDb,
  input: { refundId: string; outcome: RefundOutcome; clock: Clock },
): Promise<void> {
  const { outcome } = input;
  const from = outcome.status === 'failed' ? ['pending', 'succeeded'] : ['pending'];
  const settling = await findRefundRow(trx, input.refundId);
  if (!settling || !from.includes(settling.status)) return;
  const now = await customerNow(trx, input.clock, settling.customer_id);
  const row = await updateRefundFrom(trx, input.refundId, from, {
    status: outcome.status,
    failure_message: outcome.status === 'failed' ? outcome.message : null,
    next_attempt_at: null,
    updated_at: now,
  });
  if (!row) return;
  await recordEvents(trx, {
    now,
    livemode: fromFlag(row.livemode),
    payloads: [refundEvent(`refund.${outcome.status}`, row)],
  });
}
