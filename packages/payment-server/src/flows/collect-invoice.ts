import { newId, randomToken, type EventPayload } from '@bazaar/schemas';
import { AppError, type Clock } from '@bazaar/server-kit';
import { nextAttemptAt } from '../billing/retry-schedule.ts';
import type { PaymentDb } from '../db/tables.ts';
import type { PaymentDeps } from '../deps.ts';
import {
  claimDueInvoiceRows,
  linkInvoiceIntent,
  listSubscriptionRowsById,
  recordInvoiceAttempts,
  succeedIntentRows,
} from '../modules/billing/repository.ts';
import { recordEvents } from '../modules/events/service.ts';
import { findInvoiceRow, leaseInvoiceRow, type InvoiceRow } from '../modules/invoices/repository.ts';
import {
  findPaymentIntentRow,
  insertPaymentIntentRow,
  listPaymentIntentRows,
  updatePaymentIntentFrom,
  type PaymentIntentRow,
} from '../modules/payment-intents/repository.ts';
import {
  PAYABLE_STATUSES,
  type PaymentDetails,
  type PaymentError,
} from '../modules/payment-intents/service.ts';
import {
  findSubscriptionRowOrThrow,
  readSavedCard,
  type SubscriptionRow,
} from '../modules/subscriptions/service.ts';
import { readInvoiceCard } from '../modules/subscriptions/change-payment-method.ts';
import type { ChargeOutcome, SavedCard } from '../providers/card-network.ts';
import { invoiceAttemptKey, parseInvoiceAttemptKey } from '../modules/chain-payments/attempt-keys.ts';
import type { ChainTransactionRow } from '../modules/chain-payments/repository.ts';
import { subscriptionNow } from '../modules/subscriptions/access.ts';
import { confirmSoon } from './confirm-chain-transactions.ts';
import { startInvoicePull } from './pay-by-chain.ts';
import { settleInvoices } from './settle-invoice.ts';
import { markSubscriptionPastDue } from './subscription-overdue.ts';

/** `pending`: a chain pull is on its way; its outcome is recorded when the chain settles it. */
export type CollectionOutcome =
  'paid' | 'failed' | 'retry_scheduled' | 'uncollectible' | 'skipped' | 'pending';

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
 * The invoice is leased to the engine first, as the batch claim does, so neither another worker
 * nor the payer's invoice page pays it while the charge is in flight.
 *
 * Never call it inside a transaction: the charge must not hold a database connection (on
 * SQLite there is only one). 'failed' is for an invoice without a subscription, which has no
 * retry schedule; 'skipped' when the invoice was not open, someone else holds its lease or
 * recorded the attempt first.
 */
export async function collectInvoice(
  deps: PaymentDeps,
  input: { invoiceId: string; now: number },
): Promise<CollectionOutcome> {
  const found = await findInvoiceRow(deps.db, input.invoiceId);
  if (!found || !isCollectable(found)) return 'skipped';
  const invoice = await leaseInvoiceRow(deps.db, {
    id: found.id,
    holder: 'engine',
    now: input.now,
    until: input.now + COLLECTION_LEASE_SECONDS,
    statuses: ['open'],
  });
  if (!invoice) return 'skipped';
  const subscription = invoice.subscription_id
    ? await findSubscriptionRowOrThrow(deps.db, invoice.subscription_id)
    : null;
  const intent = await ensureInvoiceIntent(deps.db, { invoice, subscription, now: input.now });
  const attempt = await chargeInvoice(deps, { invoice, subscription, intent, now: input.now });
  const [outcome] = await deps.db.transaction().execute((trx) => recordAttempts(trx, deps.clock, [attempt]));
  await deps.flushEvents();
  if (attempt.pull) return settlePullNow(deps, { invoiceId: invoice.id, pull: attempt.pull });
  return outcome!;
}

/** A pull mined at once (a local chain, or a fast one) is recorded now rather than by the watcher. */
async function settlePullNow(
  deps: PaymentDeps,
  input: { invoiceId: string; pull: ChainTransactionRow },
): Promise<CollectionOutcome> {
  const settled = await confirmSoon(deps, input.pull.id);
  if (settled === 'pending') return 'pending';
  // Read, not taken from the confirmation: the watcher may have recorded this pull first.
  const invoice = await findInvoiceRow(deps.db, input.invoiceId);
  if (!invoice) return 'skipped';
  if (invoice.status === 'paid') return 'paid';
  if (invoice.status === 'uncollectible') return 'uncollectible';
  return invoice.next_payment_attempt === null ? 'failed' : 'retry_scheduled';
}

/** Invoices per claim when the caller does not say (`batchSize`). */
export const BILLING_BATCH_SIZE = 200;
/** Charges in flight at once; the network answers slowly, the database quickly. */
const CHARGE_CONCURRENCY = 16;
/**
 * How long a claimed invoice is left to the worker that claimed it (a crash releases it then);
 * recording the outcome releases it at once.
 */
export const COLLECTION_LEASE_SECONDS = 3600;

/**
 * Collects every open invoice whose next attempt is due at `now`, of one test clock or (null)
 * of real time, in batches: a short transaction leases the batch, the charges run outside any
 * transaction, and one transaction records the batch's outcomes. Returns how many it attempted.
 */
export async function collectDueInvoices(
  deps: PaymentDeps,
  input: { now: number; testClockId: string | null; batchSize?: number },
): Promise<number> {
  const batchSize = input.batchSize ?? BILLING_BATCH_SIZE;
  let attempted = 0;
  for (;;) {
    const invoices = await deps.db.transaction().execute((trx) =>
      claimDueInvoiceRows(trx, {
        now: input.now,
        testClockId: input.testClockId,
        limit: batchSize,
        leaseUntil: input.now + COLLECTION_LEASE_SECONDS,
      }),
    );
    if (invoices.length === 0) break;
    const subscriptions = new Map(
      (
        await listSubscriptionRowsById(
          deps.db,
          invoices.flatMap((invoice) => invoice.subscription_id ?? []),
        )
      ).map((row) => [row.id, row]),
    );
    const intents = new Map(
      (
        await listPaymentIntentRows(
          deps.db,
          invoices.flatMap((invoice) => invoice.payment_intent_id ?? []),
        )
      ).map((row) => [row.id, row]),
    );
    const attempts = await mapConcurrently(invoices, CHARGE_CONCURRENCY, async (invoice) => {
      const subscription = (invoice.subscription_id && subscriptions.get(invoice.subscription_id)) || null;
      const intent =
        (invoice.payment_intent_id && intents.get(invoice.payment_intent_id)) ||
        (await ensureInvoiceIntent(deps.db, { invoice, subscription, now: input.now }));
      return chargeInvoice(deps, { invoice, subscription, intent, now: input.now });
    });
    await deps.db.transaction().execute((trx) => recordAttempts(trx, deps.clock, attempts));
    await deps.flushEvents();
    for (const { invoice, pull } of attempts)
      if (pull) await settlePullNow(deps, { invoiceId: invoice.id, pull });
    attempted += invoices.length;
    if (invoices.length < batchSize) break;
  }
  return attempted;
}

function isCollectable(invoice: InvoiceRow): boolean {
  return invoice.status === 'open' && BigInt(invoice.amount_remaining) > 0n;
}

/** What one attempt did at the network, ready to be recorded. */
interface Attempt {
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

async function chargeInvoice(
  deps: PaymentDeps,
  input: Pick<Attempt, 'invoice' | 'subscription' | 'intent' | 'now'>,
): Promise<Attempt> {
  const { invoice, subscription } = input;
  if (subscription?.payer_address) {
    const started = await startInvoicePull(deps, {
      invoice,
      intentId: input.intent.id,
      methodId: input.intent.payment_method_id,
      payer: subscription.payer_address,
      attemptKey: invoiceAttemptKey(invoice.id, invoice.attempt_count + 1),
    });
    return 'pull' in started
      ? { ...input, card: null, outcome: null, paymentDetails: null, pull: started.pull }
      : {
          ...input,
          card: null,
          outcome: { status: 'failed', chargeId: '', error: started.error },
          paymentDetails: null,
          pull: null,
        };
  }
  // An invoice opened before the subscription's card changed is still charged to the old card.
  const card = readInvoiceCard(invoice) ?? (subscription && readSavedCard(subscription));
  const outcome = card
    ? await deps.cards.chargeSavedCard({
        cardId: card.card_id,
        amount: BigInt(invoice.amount_remaining),
        currencyId: invoice.currency_id,
        idempotencyKey: invoiceAttemptKey(invoice.id, invoice.attempt_count + 1),
        now: input.now,
      })
    : null;
  return {
    ...input,
    card,
    outcome,
    paymentDetails: card && { brand: card.brand, last4: card.last4 },
    pull: null,
  };
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
    ? await findSubscriptionRowOrThrow(deps.db, invoice.subscription_id)
    : null;
  const now = subscription ? await subscriptionNow(deps, subscription) : deps.clock.now();
  await deps.db.transaction().execute((trx) =>
    recordAttempts(trx, deps.clock, [
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
async function recordAttempts(
  trx: PaymentDb,
  clock: Clock,
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
  for (const livemode of [false, true]) {
    const payloads: EventPayload[] = paid
      .filter(({ invoice }) => (invoice.livemode === 1) === livemode)
      .map(({ intent, invoice }) => ({
        type: 'payment_intent.succeeded',
        data: { id: intent.id, customer_id: invoice.customer_id },
      }));
    if (payloads.length > 0) await recordEvents(trx, clock, { livemode, payloads });
  }
  // The invoices already name the intents just charged (linked before the charge).
  const settled = await settleInvoices(trx, clock, {
    invoices: paid.map(({ invoice }) => ({ invoiceId: invoice.id, paymentIntentId: null })),
    now: paid[0]?.now ?? 0,
  });
  for (const id of settled) outcomes.set(id, 'paid');
  for (const attempt of attempts) {
    if (attempt.outcome?.status === 'succeeded' || attempt.pull) continue;
    outcomes.set(
      attempt.invoice.id,
      await recordFailure(trx, clock, { ...attempt, error: attempt.outcome?.error ?? NO_SAVED_CARD }),
    );
  }
  return attempts.map(({ invoice }) => outcomes.get(invoice.id) ?? 'skipped');
}

/** Runs `task` over `items` with at most `limit` in flight; results keep the items' order. */
async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
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
  const methodId = invoice.payment_method_id ?? input.subscription?.default_payment_method_id;
  if (!methodId) {
    throw new AppError(
      'INVOICE_UNEXPECTED_STATE',
      `Invoice ${invoice.id} names no payment method to collect with`,
    );
  }
  const row = invoiceIntentRow({ ...invoice, payment_method_id: methodId }, input.now);
  const linked = await db.transaction().execute(async (trx) => {
    await insertPaymentIntentRow(trx, row);
    return linkInvoiceIntent(trx, { invoiceId: invoice.id, paymentIntentId: row.id });
  });
  if (linked) return row;
  // Another caller linked its intent first (and ours is unused): use theirs.
  const current = (await findInvoiceRow(db, invoice.id))!;
  return (await findPaymentIntentRow(db, current.payment_intent_id!))!;
}

/** The intent that collects `invoice`, before its first attempt: no session, no card yet. */
export function invoiceIntentRow(
  invoice: Pick<InvoiceRow, 'id' | 'amount_remaining' | 'currency_id' | 'customer_id' | 'livemode'> & {
    payment_method_id: string;
  },
  now: number,
): PaymentIntentRow {
  const id = newId('paymentIntent');
  return {
    id,
    status: 'requires_payment_method',
    amount: invoice.amount_remaining,
    amount_received: '0',
    currency_id: invoice.currency_id,
    payment_method_id: invoice.payment_method_id,
    customer_id: invoice.customer_id,
    invoice_id: invoice.id,
    checkout_session_id: null,
    client_secret: `${id}_secret_${randomToken()}`,
    livemode: invoice.livemode,
    last_payment_error: null,
    payment_details: null,
    created_at: now,
    updated_at: now,
  };
}

async function recordFailure(
  trx: PaymentDb,
  clock: Clock,
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
  await recordEvents(trx, clock, { livemode: invoice.livemode === 1, payloads: events });
  if (givesUp) return 'uncollectible';
  return next === null ? 'failed' : 'retry_scheduled';
}
