import {
  subscriptionSchema,
  newId,
  type EventPayload,
  type Price,
  type SubscriptionStatus,
} from '@bazaar/schemas';
import { nextPeriod, type Period, type Recurrence } from '../billing/periods.ts';
import { transitionSubscription } from '../billing/subscription-status.ts';
import { aggregateUsage, type UsageEntry } from '../billing/usage.ts';
import type { PaymentDb } from '../db/tables.ts';
import type { PaymentDeps } from '../deps.ts';
import { insertBalanceTransactionRows, listBalanceRows } from '../modules/customer-balance/repository.ts';
import { allocateInvoiceNumbers } from '../modules/customers/service.ts';
import { recordEventsOfEachMode } from '../modules/events/service.ts';
import { insertInvoiceRows, listInvoicedUsageRows } from '../modules/invoices/repository.ts';
import {
  buildInvoiceRows,
  priceLine,
  type NewInvoice,
  type NewInvoiceLine,
} from '../modules/invoices/service.ts';
import { insertPaymentIntentRows } from '../modules/payment-intents/repository.ts';
import { getPricesById } from '../modules/prices/service.ts';
import {
  advanceSubscriptionRows,
  claimDueSubscriptionRows,
  listSubscriptionItemRows,
  updateSubscriptionFrom,
  type SubscriptionChanges,
  type SubscriptionItemRow,
  type SubscriptionRow,
} from '../modules/subscriptions/repository.ts';
import { listUsageRecordRowsIn } from '../modules/usage-records/repository.ts';
import {
  invoicedUsageKey,
  NOTHING_INVOICED,
  priceUnbilledUsage,
  sumInvoicedUsage,
  type UsageCharge,
} from '../modules/usage-records/service.ts';
import { lineAmount, toPricingPrice } from '../pricing/index.ts';
import { BILLING_BATCH_SIZE } from './collect-invoice.ts';
import { invoiceIntentRow } from './invoice-intent.ts';

/**
 * Renews every subscription of one test clock (or, null, of real time) whose period ended by
 * `now`: a cancel at period end ends it, anything else gets its `subscription_cycle` invoice and
 * its next period. Each batch is one short transaction (rows locked and skipped by other
 * workers on PostgreSQL), and the invoice is unique per (subscription, period start), so a crash
 * or a second worker can never bill a period twice. Collection runs afterwards
 * (`collectDueInvoices`), outside any transaction. Answers how many subscriptions it renewed or
 * ended, and why the others could not be.
 */
export async function renewDueSubscriptions(
  deps: PaymentDeps,
  input: { now: number; testClockId: string | null; skipIds?: readonly string[]; batchSize?: number },
): Promise<{ renewed: number; problems: Map<string, string> }> {
  const batchSize = input.batchSize ?? BILLING_BATCH_SIZE;
  let renewed = 0;
  // A subscription that cannot be renewed (say its price lost the currency) stays due; it is
  // left out of the rest of the run so it does not hold up the others, and reported by id.
  const problems = new Map<string, string>();
  for (;;) {
    const skipIds = [...(input.skipIds ?? []), ...problems.keys()];
    const batch = await deps.db
      .transaction()
      .execute((trx) => renewBatch(trx, { ...input, skipIds, batchSize }));
    renewed += batch.renewed;
    for (const [id, problem] of batch.problems) problems.set(id, problem);
    if (batch.claimed < batchSize) break;
  }
  if (renewed > 0) await deps.flushEvents();
  return { renewed, problems };
}

/** What renewing one subscription writes, before it is numbered and inserted with its batch. */
type Renewal = { subscription: SubscriptionRow; events: EventPayload[] } & (
  | { kind: 'cycle'; status: SubscriptionStatus; period: Period; invoice: NewInvoice }
  | { kind: 'cancel'; changes: SubscriptionChanges; invoice: NewInvoice | null }
);

async function renewBatch(
  trx: PaymentDb,
  input: { now: number; testClockId: string | null; skipIds: readonly string[]; batchSize: number },
): Promise<{ claimed: number; renewed: number; problems: Map<string, string> }> {
  const subscriptions = await claimDueSubscriptionRows(trx, { ...input, limit: input.batchSize });
  const problems = new Map<string, string>();
  if (subscriptions.length === 0) return { claimed: 0, renewed: 0, problems };
  const context = await loadBatchContext(trx, subscriptions);

  const planned: Renewal[] = [];
  for (const subscription of subscriptions) {
    try {
      planned.push(planRenewal(subscription, context, input.now));
    } catch (error) {
      problems.set(subscription.id, error instanceof Error ? error.message : String(error));
    }
  }
  // Renewals move their subscriptions in one statement; the rarer cancels one by one.
  const advanced = await advanceSubscriptionRows(trx, {
    rows: planned.flatMap((renewal) =>
      renewal.kind === 'cycle'
        ? [
            {
              id: renewal.subscription.id,
              fromStatus: renewal.subscription.status,
              status: renewal.status,
              periodStart: renewal.period.start,
              periodEnd: renewal.period.end,
              latestInvoiceId: renewal.invoice.id!,
            },
          ]
        : [],
    ),
    now: input.now,
  });
  const renewals: Renewal[] = [];
  for (const renewal of planned) {
    const { subscription } = renewal;
    if (
      renewal.kind === 'cycle'
        ? advanced.has(subscription.id)
        : await updateSubscriptionFrom(trx, subscription.id, [subscription.status], renewal.changes)
    ) {
      renewals.push(renewal);
    }
  }

  const invoices = renewals.flatMap((renewal) => renewal.invoice ?? []);
  const numbers = await allocateInvoiceNumbers(
    trx,
    invoices.map((invoice) => invoice.customerId),
  );
  const rows = invoices.map((invoice) =>
    buildInvoiceRows(invoice, numbers.get(invoice.customerId)!.shift()!),
  );
  // Each invoice to collect gets the one intent that will collect it, linked from the start.
  const intents = rows.flatMap(({ invoice }) => {
    if (invoice.status !== 'open') return [];
    const intent = invoiceIntentRow({ ...invoice, payment_method_id: invoice.payment_method_id! }, input.now);
    invoice.payment_intent_id = intent.id;
    return [intent];
  });
  // The batch's new rows, one multi-row insert per table.
  await insertInvoiceRows(trx, {
    invoices: rows.map((row) => row.invoice),
    lines: rows.flatMap((row) => row.lines),
  });
  await insertPaymentIntentRows(trx, intents);
  await insertBalanceTransactionRows(
    trx,
    invoices.flatMap((invoice) =>
      invoice.amountApplied
        ? [
            {
              id: newId('balanceTransaction'),
              customer_id: invoice.customerId,
              currency_id: invoice.currencyId,
              // Spending credit moves the (negative) balance back towards zero.
              amount: invoice.amountApplied.toString(),
              type: 'applied_to_invoice',
              invoice_id: invoice.id!,
              subscription_id: invoice.subscriptionId!,
              livemode: invoice.livemode ? 1 : 0,
              created_at: input.now,
            },
          ]
        : [],
    ),
  );
  const paidAtOnce = new Set(
    rows.filter((row) => row.invoice.status === 'paid').map((row) => row.invoice.id),
  );
  await recordEventsOfEachMode(trx, {
    now: input.now,
    events: renewals.flatMap((renewal) => {
      const invoice = renewal.invoice;
      const paid =
        invoice && paidAtOnce.has(invoice.id!)
          ? [
              {
                type: 'invoice.paid' as const,
                data: {
                  id: invoice.id!,
                  customer_id: invoice.customerId,
                  subscription_id: invoice.subscriptionId!,
                },
              },
            ]
          : [];
      return [...renewal.events, ...paid].map((payload) => ({
        livemode: renewal.subscription.livemode === 1,
        payload,
      }));
    }),
  });
  return { claimed: subscriptions.length, renewed: renewals.length, problems };
}

/** What a batch's renewals read, loaded once for the whole batch. */
interface BatchContext {
  items: Map<string, SubscriptionItemRow[]>;
  prices: Map<string, Price>;
  usage: Map<string, UsageEntry[]>;
  /** Usage invoices already billed, by `invoicedUsageKey` (threshold invoices of the ended period). */
  invoiced: Map<string, UsageCharge>;
  /** Credit each customer holds (≥ 0), by `${customer}:${currency}`; spent as the batch uses it. */
  credit: Map<string, bigint>;
}

async function loadBatchContext(
  trx: PaymentDb,
  subscriptions: readonly SubscriptionRow[],
): Promise<BatchContext> {
  const ids = subscriptions.map((subscription) => subscription.id);
  const itemRows = await listSubscriptionItemRows(trx, ids);
  const prices = await getPricesById(
    trx,
    itemRows.map((item) => item.price_id),
  );
  const meteredItems = itemRows.filter(
    (item) => prices.get(item.price_id)?.recurring?.usage_type === 'metered',
  );

  const usage = new Map<string, UsageEntry[]>();
  let invoiced = new Map<string, UsageCharge>();
  if (meteredItems.length > 0) {
    const usageRows = await listUsageRecordRowsIn(trx, {
      itemIds: meteredItems.map((item) => item.id),
      from: Math.min(...subscriptions.map((subscription) => subscription.current_period_start)),
      to: Math.max(...subscriptions.map((subscription) => subscription.current_period_end)),
    });
    for (const row of usageRows) {
      const entries = usage.get(row.subscription_item_id) ?? [];
      entries.push({
        quantity: BigInt(row.quantity),
        timestamp: row.timestamp,
        action: row.action === 'set' ? 'set' : 'increment',
        created_at: row.created_at,
      });
      usage.set(row.subscription_item_id, entries);
    }
    const meteredSubscriptions = new Set(meteredItems.map((item) => item.subscription_id));
    invoiced = sumInvoicedUsage(
      await listInvoicedUsageRows(trx, {
        subscriptionIds: [...meteredSubscriptions],
        periodStarts: subscriptions
          .filter((subscription) => meteredSubscriptions.has(subscription.id))
          .map((subscription) => subscription.current_period_start),
      }),
    );
  }

  const credit = new Map<string, bigint>();
  const balances = await listBalanceRows(
    trx,
    subscriptions.map((subscription) => subscription.customer_id),
  );
  for (const row of balances) {
    const key = `${row.customer_id}:${row.currency_id}`;
    credit.set(key, (credit.get(key) ?? 0n) - BigInt(row.amount));
  }

  const items = new Map<string, SubscriptionItemRow[]>();
  for (const item of itemRows)
    items.set(item.subscription_id, [...(items.get(item.subscription_id) ?? []), item]);
  return { items, prices, usage, invoiced, credit };
}

function planRenewal(subscription: SubscriptionRow, context: BatchContext, now: number): Renewal {
  const status = subscriptionSchema.shape.status.parse(subscription.status);
  const items = (context.items.get(subscription.id) ?? []).map((item) => {
    const price = context.prices.get(item.price_id);
    if (!price) throw new Error(`price ${item.price_id} is missing`);
    return { item, price };
  });
  const ended = { start: subscription.current_period_start, end: subscription.current_period_end };
  const ref = { id: subscription.id, customer_id: subscription.customer_id };
  const usageLines = items
    .filter(({ price }) => price.recurring?.usage_type === 'metered')
    .flatMap(({ item, price }) => {
      const usage = priceUnbilledUsage(price, subscription.currency_id, {
        total: aggregateUsage(context.usage.get(item.id) ?? [], ended.start, ended.end),
        invoiced:
          context.invoiced.get(invoicedUsageKey(subscription.id, price.id, ended.start)) ?? NOTHING_INVOICED,
      });
      return usage.quantity > 0n ? [priceLine({ ...usage, price }, ended)] : [];
    });

  if (subscription.cancel_at_period_end === 1) {
    const canceled = transitionSubscription(status, { type: 'canceled' });
    if (!canceled) throw new Error(`a ${status} subscription cannot be canceled`);
    const invoice =
      usageLines.length > 0
        ? renewalInvoice(subscription, context, {
            reason: 'subscription_cancel',
            lines: usageLines,
            period: ended,
            now,
          })
        : null;
    return {
      kind: 'cancel',
      subscription,
      invoice,
      changes: {
        status: canceled,
        ended_at: ended.end,
        canceled_at: subscription.canceled_at ?? now,
        ...(invoice ? { latest_invoice_id: invoice.id } : {}),
        updated_at: now,
      },
      events: [
        ...(invoice ? [invoiceCreated(invoice)] : []),
        { type: 'customer.subscription.deleted', data: { ...ref, status: canceled } },
      ],
    };
  }

  const licensed = items.filter(({ price }) => price.recurring?.usage_type !== 'metered');
  const recurrence: Recurrence | null = (licensed[0] ?? items[0])?.price.recurring ?? null;
  if (!recurrence) throw new Error('it has no recurring price');
  const next = nextPeriod(subscription.billing_cycle_anchor, recurrence, ended.end);
  const renewed = status === 'trialing' ? transitionSubscription(status, { type: 'trial_ended' })! : status;
  const invoice = renewalInvoice(subscription, context, {
    reason: 'subscription_cycle',
    lines: [
      ...licensed.map(({ item, price }) =>
        priceLine(
          {
            price,
            quantity: BigInt(item.quantity),
            amount: lineAmount(toPricingPrice(price), subscription.currency_id, item.quantity),
          },
          next,
        ),
      ),
      ...usageLines,
    ],
    period: next,
    now,
  });
  return {
    kind: 'cycle',
    subscription,
    invoice,
    status: renewed,
    period: next,
    events: [
      invoiceCreated(invoice),
      { type: 'customer.subscription.updated', data: { ...ref, status: renewed } },
    ],
  };
}

/** An open invoice of the subscription, collected from its period end on, with credit applied. */
function renewalInvoice(
  subscription: SubscriptionRow,
  context: BatchContext,
  input: {
    reason: 'subscription_cycle' | 'subscription_cancel';
    lines: NewInvoiceLine[];
    period: { start: number; end: number };
    now: number;
  },
): NewInvoice {
  const total = input.lines.reduce((sum, line) => sum + BigInt(line.amount), 0n);
  const creditKey = `${subscription.customer_id}:${subscription.currency_id}`;
  const credit = context.credit.get(creditKey) ?? 0n;
  const applied = total > 0n && credit > 0n ? (credit < total ? credit : total) : 0n;
  if (applied > 0n) context.credit.set(creditKey, credit - applied);
  return {
    id: newId('invoice'),
    customerId: subscription.customer_id,
    currencyId: subscription.currency_id,
    livemode: subscription.livemode === 1,
    billingReason: input.reason,
    description: [...new Set(input.lines.map((line) => line.description))].join(', '),
    lines: input.lines,
    status: 'open',
    subscriptionId: subscription.id,
    paymentMethodId: subscription.default_payment_method_id,
    periodStart: input.period.start,
    periodEnd: input.period.end,
    amountApplied: applied,
    // Owed from the moment the old period ended; the customer is limited once that has passed unpaid.
    dueDate: subscription.current_period_end,
    nextPaymentAttempt: input.now,
    testClockId: subscription.test_clock_id,
    now: input.now,
  };
}

function invoiceCreated(invoice: NewInvoice): EventPayload {
  return {
    type: 'invoice.created',
    data: { id: invoice.id!, customer_id: invoice.customerId, subscription_id: invoice.subscriptionId! },
  };
}
