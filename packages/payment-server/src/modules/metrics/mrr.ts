import { z } from 'zod';
import type { PlanChangeRow, SubscriptionItemRow } from './repository.ts';

export type MrrKind = 'new' | 'expansion' | 'contraction' | 'churn';

/** A move of one subscription's MRR: `amount` is its size (never negative); `kind` its direction. */
export interface MrrChange {
  currencyId: string;
  at: number;
  kind: MrrKind;
  amount: bigint;
}

/** When a subscription was live (trialing, active or past due): `[start, end)`, end null while it is. */
export interface LiveSpan {
  currencyId: string;
  start: number;
  end: number | null;
}

/** A licensed item's monthly amount in the subscription's currency (0 for metered usage). */
export type MonthlyAmountOf = (priceId: string, quantity: number, currencyId: string) => bigint;

/** What MRR reads of a paid plan change (the flow's `PlanSwitch` in `plan_change`). */
const planSwitchJson = z.object({
  itemId: z.string(),
  fromPriceId: z.string(),
  priceId: z.string(),
  quantity: z.number(),
});

type Items = ReadonlyMap<string, { priceId: string; quantity: number }>;

/**
 * Each subscription's MRR history, rebuilt from what it holds now and the plan changes it paid:
 * undoing them from the last gives the items it started with. MRR starts when paying starts
 * (the trial's end, else creation: a trial earns nothing), moves at each plan change after that,
 * and is lost when the subscription ends. A subscription still in its trial has no MRR yet.
 */
export function mrrHistory(
  itemRows: readonly SubscriptionItemRow[],
  planChanges: readonly PlanChangeRow[],
  monthlyAmountOf: MonthlyAmountOf,
): { changes: MrrChange[]; spans: LiveSpan[] } {
  const changesBySubscription = Map.groupBy(planChanges, (row) => row.subscription_id);
  const changes: MrrChange[] = [];
  const spans: LiveSpan[] = [];
  for (const rows of Map.groupBy(itemRows, (row) => row.subscription_id).values()) {
    const subscription = rows[0]!;
    const currencyId = subscription.currency_id;
    spans.push({ currencyId, start: subscription.created_at, end: subscription.ended_at });
    if (subscription.status === 'trialing') continue;
    const mrrOf = (items: Items) =>
      [...items.values()].reduce(
        (sum, item) => sum + monthlyAmountOf(item.priceId, item.quantity, currencyId),
        0n,
      );
    const states = planStates(rows, changesBySubscription.get(subscription.subscription_id) ?? []);
    const start = Math.max(subscription.created_at, subscription.trial_end ?? 0);
    const end = subscription.ended_at ?? Infinity;
    if (end <= start) continue;
    let mrr = mrrOf(states.findLast((state) => state.at <= start)!.items);
    if (mrr > 0n) changes.push({ currencyId, at: start, kind: 'new', amount: mrr });
    for (const state of states) {
      if (state.at <= start || state.at >= end) continue;
      const next = mrrOf(state.items);
      if (next !== mrr) {
        const isExpansion = next > mrr;
        changes.push({
          currencyId,
          at: state.at,
          kind: isExpansion ? 'expansion' : 'contraction',
          amount: isExpansion ? next - mrr : mrr - next,
        });
      }
      mrr = next;
    }
    if (mrr > 0n && subscription.ended_at !== null) {
      changes.push({ currencyId, at: subscription.ended_at, kind: 'churn', amount: mrr });
    }
  }
  return { changes, spans };
}

/**
 * The items the subscription held from each moment on, oldest first (the first from -∞). A change
 * replaced one item's price and quantity; the quantity before is the one its unused-time credit
 * named, or the new one when there was no unused time to credit.
 */
function planStates(
  rows: readonly SubscriptionItemRow[],
  changes: readonly PlanChangeRow[],
): { at: number; items: Items }[] {
  let items: Items = new Map(
    rows.map((row) => [row.item_id, { priceId: row.price_id, quantity: row.quantity }]),
  );
  const states = [];
  const newestFirst = [...changes].sort((a, b) => b.paid_at - a.paid_at);
  for (const change of newestFirst) {
    states.push({ at: change.paid_at, items });
    const planSwitch = planSwitchJson.parse(JSON.parse(change.plan_change));
    items = new Map(items).set(planSwitch.itemId, {
      priceId: planSwitch.fromPriceId,
      quantity: change.credited_quantity ?? planSwitch.quantity,
    });
  }
  states.push({ at: -Infinity, items });
  return states.reverse();
}
