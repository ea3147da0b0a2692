import { newId, randomToken, subscriptionSchema, type EventPayload } from '@bazaar/schemas';
import type { Clock } from '@bazaar/server-kit';
import { nextAttemptAt } from '../billing/retry-schedule.ts';
import { transitionSubscription } from '../billing/subscription-status.ts';
import { toFlag } from '../db/json.ts';
import type { PaymentDb } from '../db/tables.ts';
import type { PaymentDeps } from '../deps.ts';
import { linkInvoiceIntent, recordInvoiceAttempt } from '../modules/billing/repository.ts';
import { recordEvents } from '../modules/events/service.ts';
import { findInvoiceRow, type InvoiceRow } from '../modules/invoices/repository.ts';
import {
  findPaymentIntentRow,
  insertPaymentIntentRow,
  updatePaymentIntentFrom,
  type PaymentIntentRow,
} from '../modules/payment-intents/repository.ts';
import { PAYABLE_STATUSES, type PaymentError } from '../modules/payment-intents/service.ts';
import {
  findSubscriptionRowOrThrow,
  readSavedCard,
  updateSubscriptionFrom,
  type SubscriptionRow,
} from '../modules/subscriptions/service.ts';
import type { ChargeOutcome } from '../providers/card-network.ts';
import { settleInvoice } from './settle-invoice.ts';

export type CollectionOutcome = 'paid' | 'failed' | 'retry_scheduled' | 'uncollectible' | 'skipped';

/** Chain methods collect through the payer's prior authorisation, which arrives in a later issue. */
const NO_SAVED_CARD: PaymentError = {
  code: 'payment_method_unavailable',
  message: 'The subscription has no saved card to charge.',
};

/**
 * One collection attempt for an open invoice: charges the subscription's saved card for what
 * is left to pay, then records the outcome. The provider key names the attempt, and the
 * outcome is recorded only if the attempt count is still the one read before charging, so a
 * crash (or a second caller) between the charge and the record repeats the same key and the
 * network answers the first charge instead of taking the money twice.
 *
 * Never call it inside a transaction: the charge must not hold a database connection (on
 * SQLite there is only one). 'failed' is for an invoice without a subscription, which has no
 * retry schedule; 'skipped' when the invoice was not open or someone else recorded the attempt.
 */
export async function collectInvoice(
  deps: PaymentDeps,
  input: { invoiceId: string; now: number },
): Promise<CollectionOutcome> {
  const invoice = await findInvoiceRow(deps.db, input.invoiceId);
  if (!invoice || invoice.status !== 'open' || BigInt(invoice.amount_remaining) === 0n) return 'skipped';
  const subscription = invoice.subscription_id
    ? await findSubscriptionRowOrThrow(deps.db, invoice.subscription_id)
    : null;
  const intent = await ensureInvoiceIntent(deps.db, { invoice, subscription, now: input.now });
  const card = subscription && readSavedCard(subscription);
  const outcome: ChargeOutcome | null = card
    ? await deps.cards.chargeSavedCard({
        cardId: card.card_id,
        amount: BigInt(invoice.amount_remaining),
        currencyId: invoice.currency_id,
        idempotencyKey: `${invoice.id}:attempt:${invoice.attempt_count + 1}`,
        now: input.now,
      })
    : null;

  const result = await deps.db.transaction().execute(async (trx) => {
    if (outcome?.status === 'succeeded') {
      const recorded = await recordInvoiceAttempt(trx, {
        invoiceId: invoice.id,
        readAttemptCount: invoice.attempt_count,
        changes: {},
      });
      if (!recorded) return 'skipped';
      await updatePaymentIntentFrom(trx, intent.id, PAYABLE_STATUSES, {
        status: 'succeeded',
        amount_received: invoice.amount_remaining,
        last_payment_error: null,
        payment_details: JSON.stringify({ brand: card!.brand, last4: card!.last4 }),
        updated_at: input.now,
      });
      await recordEvents(trx, deps.clock, {
        livemode: invoice.livemode === 1,
        payloads: [
          { type: 'payment_intent.succeeded', data: { id: intent.id, customer_id: invoice.customer_id } },
        ],
      });
      await settleInvoice(trx, deps.clock, {
        invoiceId: invoice.id,
        paymentIntentId: intent.id,
        now: input.now,
      });
      return 'paid';
    }
    return recordFailure(trx, deps.clock, {
      invoice,
      subscription,
      intentId: intent.id,
      error: outcome?.error ?? NO_SAVED_CARD,
      now: input.now,
    });
  });
  await deps.flushEvents();
  return result;
}

/**
 * The one intent that collects an invoice, made on the first attempt and reused by every retry
 * (and by the payer on the invoice page), so the invoice's payments show in one place.
 */
export async function ensureInvoiceIntent(
  db: PaymentDb,
  input: { invoice: InvoiceRow; subscription: SubscriptionRow | null; now: number },
): Promise<PaymentIntentRow> {
  const { invoice } = input;
  const existing = invoice.payment_intent_id && (await findPaymentIntentRow(db, invoice.payment_intent_id));
  if (existing) return existing;
  const id = newId('paymentIntent');
  const linked = await db.transaction().execute(async (trx) => {
    await insertPaymentIntentRow(trx, {
      id,
      status: 'requires_payment_method',
      amount: invoice.amount_remaining,
      amount_received: '0',
      currency_id: invoice.currency_id,
      payment_method_id:
        invoice.payment_method_id ?? input.subscription?.default_payment_method_id ?? 'pm_demo_card',
      customer_id: invoice.customer_id,
      invoice_id: invoice.id,
      checkout_session_id: null,
      client_secret: `${id}_secret_${randomToken()}`,
      livemode: toFlag(invoice.livemode === 1),
      last_payment_error: null,
      payment_details: null,
      created_at: input.now,
      updated_at: input.now,
    });
    return linkInvoiceIntent(trx, { invoiceId: invoice.id, paymentIntentId: id });
  });
  if (linked) return (await findPaymentIntentRow(db, id))!;
  // Another caller linked its intent first (and ours is unused): use theirs.
  const current = (await findInvoiceRow(db, invoice.id))!;
  return (await findPaymentIntentRow(db, current.payment_intent_id!))!;
}

async function recordFailure(
  trx: PaymentDb,
  clock: Clock,
  input: {
    invoice: InvoiceRow;
    subscription: SubscriptionRow | null;
    intentId: string;
    error: PaymentError;
    now: number;
  },
): Promise<CollectionOutcome> {
  const { invoice, subscription } = input;
  const failures = invoice.attempt_count + 1;
  const next = subscription ? nextAttemptAt(invoice.created_at, failures) : null;
  const givesUp = subscription !== null && next === null;
  const recorded = await recordInvoiceAttempt(trx, {
    invoiceId: invoice.id,
    readAttemptCount: invoice.attempt_count,
    changes: { next_payment_attempt: next, ...(givesUp ? { status: 'uncollectible' } : {}) },
  });
  if (!recorded) return 'skipped';
  await updatePaymentIntentFrom(trx, input.intentId, PAYABLE_STATUSES, {
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
    const status = subscriptionSchema.shape.status.parse(subscription.status);
    const pastDue = transitionSubscription(status, { type: 'payment_uncollectible' });
    if (
      pastDue &&
      pastDue !== status &&
      (await updateSubscriptionFrom(trx, subscription.id, [status], {
        status: pastDue,
        updated_at: input.now,
      }))
    ) {
      events.push({
        type: 'customer.subscription.updated',
        data: { id: subscription.id, customer_id: subscription.customer_id, status: pastDue },
      });
    }
  }
  await recordEvents(trx, clock, { livemode: invoice.livemode === 1, payloads: events });
  if (givesUp) return 'uncollectible';
  return next === null ? 'failed' : 'retry_scheduled';
}
