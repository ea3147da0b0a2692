import type {
  usageRecordBodySchema} from '@bazaar/schemas';
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
  listThresholdBilledQuantities,
  listUsageRecordPage,
  listUsageRecordRowsIn,
  type UsageRecordRow,
} from './repository.ts';

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

/** Metered usage of one item in the current period that no invoice has billed yet. */
export interface UnbilledUsage {
  itemId: string;
  price: Price;
  /** Usage beyond what threshold invoices billed this period. */
  quantity: bigint;
  amount: bigint;
}

function usageAmount(price: Price, currencyId: string, quantity: bigint): bigint {
  return quantity > 0n ? lineAmount(toPricingPrice(price), currencyId, Number(quantity)) : 0n;
}

/**
 * What each metered item used in [periodStart, periodEnd) beyond the quantities threshold
 * invoices billed for that period. Priced as the whole usage less the billed part, so graduated
 * tiers continue where the billed part stopped; never below 0 (a `set` may lower the total).
 */
export async function listUnbilledUsage(
  db: PaymentDb,
  input: { subscription: Subscription; periodStart: number; periodEnd: number },
): Promise<UnbilledUsage[]> {
  const items = input.subscription.items.filter((item) => isMetered(item.price));
  const records = await listUsageRecordRowsIn(db, {
    itemIds: items.map((item) => item.id),
    from: input.periodStart,
    to: input.periodEnd,
  });
  const billedLines = await listThresholdBilledQuantities(db, {
    subscriptionId: input.subscription.id,
    periodStart: input.periodStart,
  });
  return items.map((item) => {
    const entries = records.filter((record) => record.subscription_item_id === item.id).map(toUsageEntry);
    const total = aggregateUsage(entries, input.periodStart, input.periodEnd);
    const billed = billedLines
      .filter((line) => line.price_id === item.price_id)
      .reduce((sum, line) => sum + BigInt(line.quantity), 0n);
    const quantity = total > billed ? total - billed : 0n;
    const currencyId = input.subscription.currency_id;
    const amount =
      quantity > 0n
        ? usageAmount(item.price, currencyId, total) - usageAmount(item.price, currencyId, billed)
        : 0n;
    return { itemId: item.id, price: item.price, quantity, amount: amount > 0n ? amount : 0n };
  });
}
