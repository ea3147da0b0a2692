import type { UsageRecord } from '@bazaar/schemas';
import { sumAmounts } from '@bazaar/money';
import { isBillable, SUBSCRIPTION_STATUSES } from '../billing/subscription-status.ts';
import type { PaymentDb } from '../db/tables.ts';
import type { PaymentDeps } from '../deps.ts';
import { subscriptionNow } from '../modules/subscriptions/access.ts';
import {
  findSubscriptionItemRow,
  findSubscriptionRow,
  updateSubscriptionFrom,
  type SubscriptionRow,
} from '../modules/subscriptions/repository.ts';
import { toSubscription } from '../modules/subscriptions/service.ts';
import {
  describeUsage,
  insertUsageRecord,
  listUnbilledUsage,
  type UsageRecordInput,
} from '../modules/usage-records/service.ts';
import { priceLine } from '../modules/invoices/service.ts';
import { collectInvoice } from './collect-invoice.ts';
import { writeSubscriptionInvoice } from './subscription-invoice.ts';

const BILLABLE = SUBSCRIPTION_STATUSES.filter(isBillable);

/**
 * `POST /usage-records`: stores the report, and when the subscription's unbilled usage of the
 * current period reaches its `billing_threshold_amount`, bills that usage at once with a
 * `subscription_threshold` invoice and collects it. A repeated identifier changes nothing.
 */
export async function recordUsage(deps: PaymentDeps, body: UsageRecordInput): Promise<UsageRecord> {
  const item = await findSubscriptionItemRow(deps.db, body.subscription_item_id);
  const owner = item && (await findSubscriptionRow(deps.db, item.subscription_id));
  const now = owner ? await subscriptionNow(deps, owner) : deps.clock.now();
  const { record, invoiceId } = await deps.db.transaction().execute(async (trx) => {
    const result = await insertUsageRecord(trx, { body, now });
    const invoiceId = result.isNew
      ? await billUsageThreshold(trx, { subscription: result.subscription, now })
      : null;
    return { record: result.record, invoiceId };
  });
  if (invoiceId) await collectInvoice(deps, { invoiceId, now });
  await deps.flushEvents();
  return record;
}

/**
 * Writes the threshold invoice when the unbilled usage reaches the threshold; its lines carry
 * the price, the quantity and the period start, which is how the renewal knows that usage was
 * billed. The subscription row is locked first, so two reports crossing together bill once.
 */
async function billUsageThreshold(
  trx: PaymentDb,
  input: { subscription: SubscriptionRow; now: number },
): Promise<string | null> {
  const threshold = BigInt(input.subscription.billing_threshold_amount);
  if (threshold <= 0n) return null;
  const locked = await updateSubscriptionFrom(trx, input.subscription.id, BILLABLE, {
    updated_at: input.now,
  });
  if (!locked) return null;
  const subscription = await toSubscription(trx, input.subscription);
  const { current_period_start: periodStart, current_period_end: periodEnd } = subscription;
  const usage = (await listUnbilledUsage(trx, { subscription, periodStart, periodEnd })).filter(
    (line) => line.quantity > 0n,
  );
  if (sumAmounts(usage.map((line) => line.amount)) < threshold) return null;
  const { invoiceId } = await writeSubscriptionInvoice(trx, {
    subscription: input.subscription,
    billingReason: 'subscription_threshold',
    description: describeUsage(usage),
    lines: usage.map((line) => priceLine(line, { start: periodStart, end: periodEnd })),
    periodStart,
    periodEnd,
    collectLater: true,
    now: input.now,
  });
  return invoiceId;
}
