import { z } from 'zod';
import { readJsonOrNull } from '../db/json.ts';
import type { PaymentDb } from '../db/tables.ts';
import { recordEvents } from '../modules/events/service.ts';
import {
  findSubscriptionRow,
  swapSubscriptionItemPrice,
  updateSubscriptionFrom,
  type SubscriptionRow,
} from '../modules/subscriptions/repository.ts';

/** What moving to the new plan changes on the subscription once it is paid. */
export const planSwitchJson = z.object({
  itemId: z.string(),
  fromPriceId: z.string(),
  priceId: z.string(),
  quantity: z.number(),
  /** The new period when the interval changes (the cycle restarts at its start); null keeps it. */
  restart: z.object({ start: z.number(), end: z.number() }).nullable(),
});
export type PlanSwitch = z.infer<typeof planSwitchJson>;

/**
 * Moves the subscription's item to the new plan (an interval change restarts the cycle) and
 * announces it; false, with nothing written, when the item is no longer on the old plan.
 */
export async function switchPlan(
  trx: PaymentDb,
  input: { row: SubscriptionRow; change: PlanSwitch; now: number },
): Promise<boolean> {
  const { row, change, now } = input;
  const swapped = await swapSubscriptionItemPrice(trx, {
    id: change.itemId,
    fromPriceId: change.fromPriceId,
    priceId: change.priceId,
    quantity: change.quantity,
  });
  if (!swapped) return false;
  await updateSubscriptionFrom(trx, row.id, [row.status], {
    ...(change.restart && {
      billing_cycle_anchor: change.restart.start,
      current_period_start: change.restart.start,
      current_period_end: change.restart.end,
    }),
    updated_at: now,
  });
  await recordEvents(trx, {
    now,
    livemode: row.livemode === 1,
    payloads: [
      {
        type: 'customer.subscription.updated',
        data: { id: row.id, customer_id: row.customer_id, status: row.status },
      },
    ],
  });
  return true;
}

/**
 * The plan changes paid invoices were written for, switched in the settling transaction. A
 * change the subscription no longer matches (it moved plan another way meanwhile) is left as it
 * is: the payment stands, as it does for any paid invoice.
 */
export async function switchPaidPlanChanges(
  trx: PaymentDb,
  input: { invoices: readonly { subscription_id: string | null; plan_change: string | null }[]; now: number },
): Promise<void> {
  for (const invoice of input.invoices) {
    const change = readJsonOrNull(planSwitchJson, invoice.plan_change);
    if (!change || !invoice.subscription_id) continue;
    const row = await findSubscriptionRow(trx, invoice.subscription_id);
    if (row) await switchPlan(trx, { row, change, now: input.now });
  }
}
