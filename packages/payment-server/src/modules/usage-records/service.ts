import type { usageRecordBodySchema } from '@bazaar/schemas';
import {
  newId,
  randomToken,
  subscriptionSchema,
  type Price,
  type Subscription,
  type UsageRecord,
  type UsageRecordSummary,
} from '@bazaar/schemas';
import { AppError, notFound } from '@bazaar/server-kit';
import type { z } from 'zod';
import { isBillable } from '../../billing/subscription-status.ts';
import { aggregateUsage, type UsageEntry } from '../../billing/usage.ts';
import type { PaymentDb } from '../../db/tables.ts';
import { lineAmount, toPricingPrice } from '../../pricing/index.ts';
import { getPricesById } from '../prices/service.ts';
import {
  findSubscriptionItemRow,
  findSubscriptionRow,
  type SubscriptionRow,
} from '../subscriptions/repository.ts';
import {
  findUsageRecordRow,
  insertUsageRecordOnce,
  listUsageRecordPage,
  listUsageRecordRowsIn,
  type UsageRecordRow,
} from './repository.ts';
import { listInvoicedUsageRows, type InvoicedUsageRow } from '../invoices/repository.ts';

export type UsageRecordInput = z.output<typeof usageRecordBodySchema>;

function toUsageRecord(row: UsageRecordRow): UsageRecord {
  return {
    id: row.id,
    object: 'usage_record',
    subscription_item_id: row.subscription_item_id,
    quantity: row.quantity,
    timestamp: row.timestamp,
    action: row.action === 'set' ? 'set' : 'increment',
    identifier: row.identifier,
  };
}

function toUsageEntry(row: UsageRecordRow): UsageEntry {
  return { ...toUsageRecord(row), quantity: BigInt(row.quantity), created_at: row.created_at };
}

const isMetered = (price: Price) => price.recurring?.usage_type === 'metered';

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', 'Validate failed', [{ path, message }]);
}

/** The metered item usage is reported for, with its subscription; refuses any other item. */
async function getMeteredItem(db: PaymentDb, itemId: string) {
  const item = await findSubscriptionItemRow(db, itemId);
  if (!item) throw notFound('subscription item', itemId);
  const price = (await getPricesById(db, [item.price_id])).get(item.price_id);
  if (!price || !isMetered(price)) {
    throw invalid('subscription_item_id', 'Usage can only be reported for a metered subscription item');
  }
  const subscription = await findSubscriptionRow(db, item.subscription_id);
  if (!subscription) throw notFound('subscription', item.subscription_id);
  return { item, subscription };
}

/**
 * Stores one usage report. A repeat of an identifier answers the first record and adds nothing
 * (`isNew` false), even after its period ended. Usage belongs to the current period only: what
 * happened earlier was billed (or is being billed) already.
 */
export async function insertUsageRecord(
  db: PaymentDb,
  input: { body: UsageRecordInput; now: number },
): Promise<{ record: UsageRecord; isNew: boolean; subscription: SubscriptionRow }> {
  const { body, now } = input;
  const { subscription } = await getMeteredItem(db, body.subscription_item_id);
  const identifier = body.identifier ?? randomToken();
  const key = { subscription_item_id: body.subscription_item_id, identifier };
  const first = body.identifier === undefined ? undefined : await findUsageRecordRow(db, key);
  if (first) return { record: toUsageRecord(first), isNew: false, subscription };

  const status = subscriptionSchema.shape.status.parse(subscription.status);
  if (!isBillable(status)) {
    throw new AppError(
      'SUBSCRIPTION_UNEXPECTED_STATE',
      `Usage cannot be reported for a ${status} subscription`,
    );
  }
  const timestamp = body.timestamp ?? now;
  const { current_period_start: start, current_period_end: end } = subscription;
  if (timestamp < start || timestamp >= end) {
    throw invalid('timestamp', `Must fall in the current period, from ${start} up to (not including) ${end}`);
  }
  const id = newId('usageRecord');
  const row = await insertUsageRecordOnce(db, {
    ...key,
    id,
    quantity: body.quantity,
    timestamp,
    action: body.action,
    created_at: now,
  });
  // A concurrent repeat may have inserted first; then that record is the answer.
  return { record: toUsageRecord(row), isNew: row.id === id, subscription };
}

/** The usage of an item in its subscription's current period, as the next invoice will see it. */
export async function summarizeUsage(db: PaymentDb, itemId: string): Promise<UsageRecordSummary> {
  const { subscription } = await getMeteredItem(db, itemId);
  const { current_period_start: start, current_period_end: end } = subscription;
  const records = await listUsageRecordRowsIn(db, { itemIds: [itemId], from: start, to: end });
  return {
    object: 'usage_record_summary',
    subscription_item_id: itemId,
    period: { start, end },
    total_usage: Number(aggregateUsage(records.map(toUsageEntry), start, end)),
  };
}

export async function listUsageRecords(
  db: PaymentDb,
  input: { itemId: string; page: number; pageSize: number },
): Promise<{ list: UsageRecord[]; count: number }> {
  const { rows, count } = await listUsageRecordPage(db, input);
  return { list: rows.map(toUsageRecord), count };
}

/** What is left to bill of one metered item's usage in one period. */
export interface UsageCharge {
  /** Usage beyond what invoices already billed of the period. */
  quantity: bigint;
  amount: bigint;
}

/** Metered usage of one item in a period that no invoice has billed yet. */
export interface UnbilledUsage extends UsageCharge {
  itemId: string;
  price: Price;
}

/**
 * The one rule every usage invoice bills by (a threshold, the renewal, a cancel): the whole
 * period's usage priced at once, less the amount invoices already billed of it, so graduated
 * tiers continue where the billed part stopped whenever the rest is billed. Never below 0 (a
 * `set` may lower the total).
 */
export function priceUnbilledUsage(
  price: Price,
  currencyId: string,
  input: { total: bigint; invoiced: UsageCharge },
): UsageCharge {
  const quantity = input.total - input.invoiced.quantity;
  if (quantity <= 0n) return { quantity: 0n, amount: 0n };
  const amount = lineAmount(toPricingPrice(price), currencyId, Number(input.total)) - input.invoiced.amount;
  return { quantity, amount: amount > 0n ? amount : 0n };
}

/** What a period with no usage invoice yet has invoiced. */
export const NOTHING_INVOICED: UsageCharge = { quantity: 0n, amount: 0n };

export function invoicedUsageKey(subscriptionId: string, priceId: string, periodStart: number): string {
  return `${subscriptionId}:${priceId}:${periodStart}`;
}

/** Sums invoiced usage lines per `${subscription}:${price}:${period start}` (`invoicedUsageKey`). */
export function sumInvoicedUsage(rows: readonly InvoicedUsageRow[]): Map<string, UsageCharge> {
  const sums = new Map<string, UsageCharge>();
  for (const row of rows) {
    const key = invoicedUsageKey(row.subscription_id, row.price_id, row.period_start);
    const sum = sums.get(key) ?? NOTHING_INVOICED;
    sums.set(key, {
      quantity: sum.quantity + BigInt(row.quantity),
      amount: sum.amount + BigInt(row.amount),
    });
  }
  return sums;
}

/** An invoice's description of the usage it bills. */
export function describeUsage(usage: readonly UnbilledUsage[]): string {
  return `Usage of ${usage.map((line) => line.price.product.name).join(', ')}`;
}

/**
 * What each metered item used in [periodStart, periodEnd) that invoices have not billed yet,
 * priced by `priceUnbilledUsage`.
 */
export async function listUnbilledUsage(
  db: PaymentDb,
  input: { subscription: Subscription; periodStart: number; periodEnd: number },
): Promise<UnbilledUsage[]> {
  const { subscription, periodStart, periodEnd } = input;
  const items = subscription.items.filter((item) => isMetered(item.price));
  const records = await listUsageRecordRowsIn(db, {
    itemIds: items.map((item) => item.id),
    from: periodStart,
    to: periodEnd,
  });
  const invoiced = sumInvoicedUsage(
    await listInvoicedUsageRows(db, { subscriptionIds: [subscription.id], periodStarts: [periodStart] }),
  );
  return items.map((item) => {
    const entries = records.filter((record) => record.subscription_item_id === item.id).map(toUsageEntry);
    const usage = priceUnbilledUsage(item.price, subscription.currency_id, {
      total: aggregateUsage(entries, periodStart, periodEnd),
      invoiced:
        invoiced.get(invoicedUsageKey(subscription.id, item.price_id, periodStart)) ?? NOTHING_INVOICED,
    });
    return { itemId: item.id, price: item.price, ...usage };
  });
}
