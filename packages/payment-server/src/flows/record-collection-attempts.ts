import type { EventPayload } from '@bazaar/schemas';
import { nextAttemptAt } from '../billing/retry-schedule.ts';
import type { PaymentDb } from '../db/tables.ts';
import type { PaymentDeps } from '../deps.ts';
import { parseInvoiceAttemptKey } from '../modules/chain-payments/attempt-keys.ts';
import type { ChainTransactionRow } from '../modules/chain-payments/repository.ts';
import { recordEvents, recordEventsOfEachMode } from '../modules/events/service.ts';
import { findInvoiceRow, recordInvoiceAttempts, type InvoiceRow } from '../modules/invoices/repository.ts';
import {
  succeedIntentRows,
  updatePaymentIntentFrom,
  type PaymentIntentRow,
} from '../modules/payment-intents/repository.ts';
import {
  PAYABLE_STATUSES,
  type PaymentDetails,
  type PaymentError,
} from '../modules/payment-intents/service.ts';
import { subscriptionNow } from '../modules/subscriptions/access.ts';
import { getSubscriptionRow, type SubscriptionRow } from '../modules/subscriptions/service.ts';
import type { ChargeOutcome, SavedCard } from '../providers/card-network.ts';
import { settleInvoices } from './settle-invoice.ts';
import { markSubscriptionPastDue } from './subscription-overdue.ts';

/** `pending`: a chain pull is on its way; its outcome is recorded when the chain settles it. */
export type CollectionOutcome =
  'paid' | 'failed' | 'retry_scheduled' | 'uncollectible' | 'skipped' | 'pending';

const NO_SAVED_CARD: PaymentError = {
  code: 'payment_method_unavailable',
  message: 'The subscription has no saved card to charge.',
};

/** What one attempt did at the network, ready to be recorded. */
export interface Attempt {
  invoice: InvoiceRow;
  subscription: SubscriptionRow | null;
  intent: Pick<PaymentIntentRow, 'id' | 'payment_method_id'>;
  card: SavedCard | null;
  /** Null when there was nothing to charge (no saved card), or while a chain pull is on its way. */
  outcome: ChargeOutcome | null;
  /** What the intent shows once paid: the card, or the chain transaction. */
  paymentDetails: PaymentDetails | null;
  /** A chain subscription's pull from the payer's allowance, recorded when the chain settles it. */
  pull: ChainTransactionRow | null;
  now: number;
}

/**
 * Records what the chain did with a renewal's pull, as a card charge's outcome is recorded:
 * paid, or a failed attempt on the retry schedule. Recording is guarded by the attempt count,
 * so the watcher and the engine settling the same pull record it once.
 */
export async function recordPullOutcome(
  deps: PaymentDeps,
  input: { pull: ChainTransactionRow; outcome: ChargeOutcome; paymentDetails: PaymentDetails | null },
): Promise<void> {
  const key = parseInvoiceAttemptKey(input.pull.attempt_key);
  if (!key) return;
  const invoice = await findInvoiceRow(deps.db, key.invoiceId);
  // Only the attempt the pull was made for may be recorded.
  if (!invoice || invoice.attempt_count + 1 !== key.attempt) return;
  const subscription = invoice.subscription_id
    ? await getSubscriptionRow(deps.db, invoice.subscription_id)
    : null;
  const now = subscription ? await subscriptionNow(deps, subscription) : deps.clock.now();
  await deps.db.transaction().execute((trx) =>
    recordAttempts(trx, [
      {
        invoice,
        subscription,
        intent: { id: input.pull.payment_intent_id, payment_method_id: input.pull.payment_method_id },
        card: null,
        outcome: input.outcome,
        paymentDetails: input.paymentDetails,
        pull: null,
        now,
      },
    ]),
  );
  await deps.flushEvents();
}

/**
 * Records attempts in the caller's transaction, each unless someone recorded it first. The
 * charges that went through are recorded together, in a few statements for the whole batch;
 * failures one by one (they are few, and each has its own retry moment).
 */
export async function recordAttempts(
  trx: PaymentDb,
  attempts: readonly Attempt[],
): Promise<CollectionOutcome[]> {
  const outcomes = new Map<string, CollectionOutcome>();
  const charged = attempts.filter((attempt) => attempt.outcome?.status === 'succeeded');
  for (const { invoice, pull } of attempts) if (pull) outcomes.set(invoice.id, 'pending');
  const recorded = await recordInvoiceAttempts(trx, {
    invoices: charged.map(({ invoice }) => ({ id: invoice.id, readAttemptCount: invoice.attempt_count })),
    changes: {},
  });
  const paid = charged.filter(({ invoice }) => recorded.has(invoice.id));
  const byCard = new Map<string | null, Attempt[]>();
  for (const attempt of paid) {
    const details = attempt.paymentDetails && JSON.stringify(attempt.paymentDetails);
    byCard.set(details, [...(byCard.get(details) ?? []), attempt]);
  }
  for (const [paymentDetails, group] of byCard) {
    await succeedIntentRows(trx, {
      ids: group.map(({ intent }) => intent.id),
      // A chain pull waits in `processing` until it is mined.
      from: [...PAYABLE_STATUSES, 'processing'],
      paymentDetails,
      now: group[0]!.now,
    });
  }
  if (paid.length > 0) {
    // A run charges at one moment, its clock's, and its events carry it.
    await recordEventsOfEachMode(trx, {
      now: paid[0]!.now,
      events: paid.map(({ intent, invoice }) => ({
        livemode: invoice.livemode === 1,
        payload: {
          type: 'payment_intent.succeeded',
          data: { id: intent.id, customer_id: invoice.customer_id },
        },
      })),
    });
  }
  // The invoices already name the intents just charged (linked before the charge).
  const settled = await settleInvoices(trx, {
    invoices: paid.map(({ invoice }) => ({ invoiceId: invoice.id, paymentIntentId: null })),
    now: paid[0]?.now ?? 0,
  });
  for (const id of settled) outcomes.set(id, 'paid');
  for (const attempt of attempts) {
    if (attempt.outcome?.status === 'succeeded' || attempt.pull) continue;
    outcomes.set(
      attempt.invoice.id,
      await recordFailure(trx, { ...attempt, error: attempt.outcome?.error ?? NO_SAVED_CARD }),
    );
  }
  return attempts.map(({ invoice }) => outcomes.get(invoice.id) ?? 'skipped');
}

async function recordFailure(
  trx: PaymentDb,
  input: Attempt & { error: PaymentError },
): Promise<CollectionOutcome> {
  const { invoice, subscription } = input;
  const failures = invoice.attempt_count + 1;
  const next = subscription ? nextAttemptAt(invoice.created_at, failures) : null;
  const givesUp = subscription !== null && next === null;
  const recorded = await recordInvoiceAttempts(trx, {
    invoices: [{ id: invoice.id, readAttemptCount: invoice.attempt_count }],
    changes: { next_payment_attempt: next, ...(givesUp ? { status: 'uncollectible' } : {}) },
  });
  if (recorded.size === 0) return 'skipped';
  await updatePaymentIntentFrom(trx, input.intent.id, PAYABLE_STATUSES, {
    status: 'requires_payment_method',
    last_payment_error: JSON.stringify(input.error),
    updated_at: input.now,
  });
  const ref = { id: invoice.id, customer_id: invoice.customer_id, subscription_id: invoice.subscription_id };
  const events: EventPayload[] = [
    {
      type: 'invoice.payment_failed',
      data: { ...ref, attempt_count: failures, next_payment_attempt: next, code: input.error.code },
    },
  ];
  if (givesUp) {
    events.push({ type: 'invoice.marked_uncollectible', data: ref });
    const pastDue = await markSubscriptionPastDue(trx, { subscription, now: input.now });
    if (pastDue) events.push(pastDue);
  }
  await recordEvents(trx, { now: input.now, livemode: invoice.livemode === 1, payloads: events });
  if (givesUp) return 'uncollectible';
  return next === null ? 'failed' : 'retry_scheduled';
}
