import type { PaymentDeps } from '../deps.ts';
import { invoiceAttemptKey } from '../modules/chain-payments/attempt-keys.ts';
import type { ChainTransactionRow } from '../modules/chain-payments/repository.ts';
import {
  claimDueInvoiceRows,
  findInvoiceRow,
  leaseInvoiceRow,
  type InvoiceRow,
} from '../modules/invoices/repository.ts';
import { listPaymentIntentRows } from '../modules/payment-intents/repository.ts';
import { listSubscriptionRowsById } from '../modules/subscriptions/repository.ts';
import { getSubscriptionRow, readSavedCard } from '../modules/subscriptions/service.ts';
import { readInvoiceCard } from '../modules/subscriptions/change-payment-method.ts';
import { confirmSoon } from './confirm-chain-transactions.ts';
import { ensureInvoiceIntent } from './invoice-intent.ts';
import { startInvoicePull } from './pay-by-chain.ts';
import { recordAttempts, type Attempt, type CollectionOutcome } from './record-collection-attempts.ts';

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
    ? await getSubscriptionRow(deps.db, invoice.subscription_id)
    : null;
  const intent = await ensureInvoiceIntent(deps.db, { invoice, subscription, now: input.now });
  const attempt = await chargeInvoice(deps, { invoice, subscription, intent, now: input.now });
  const [outcome] = await deps.db.transaction().execute((trx) => recordAttempts(trx, [attempt]));
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
    await deps.db.transaction().execute((trx) => recordAttempts(trx, attempts));
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
        paymentIntentId: input.intent.id,
        paymentMethodId: input.intent.payment_method_id,
        customerId: invoice.customer_id,
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
