import {
  subscriptionSchema,
  type ChangePlanBody,
  type PlanChangeOption,
  type PlanChangePreview as WirePreview,
  type Price,
  type SessionUser,
  type Subscription,
  type SubscriptionItem,
} from '@bazaar/schemas';
import { intervalSeconds } from '@bazaar/money';
import { AppError } from '@bazaar/server-kit';
import { periodBoundary, type Recurrence } from '../../billing/periods.ts';
import { previewPlanChange, type PlanChangePreview } from '../../billing/proration.ts';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import { lineAmount, priceForCurrency, toPricingPrice } from '../../pricing/index.ts';
import { getCustomerCredit } from '../customer-balance/service.ts';
import { getPlanChangeCandidates } from '../prices/service.ts';
import { getSubscriptionForUser, subscriptionNow } from './access.ts';
import type { SubscriptionRow } from './repository.ts';
import { toSubscription } from './service.ts';

/** Statuses that may change plan; a past-due subscription pays what it owes first. */
export const PLAN_CHANGEABLE_STATUSES = ['active', 'trialing'] as const;

export const PLAN_UPDATES_UNAVAILABLE = 'Plan updates are not available';

function unavailable(message = PLAN_UPDATES_UNAVAILABLE): AppError {
  return new AppError('PLAN_CHANGE_UNAVAILABLE', message);
}

/**
 * The one item a plan change swaps. A subscription with metered usage or several licensed
 * items has no single plan: changing its period would cut usage or other items in two.
 */
function planItem(subscription: Subscription): SubscriptionItem & { recurrence: Recurrence } {
  const [item, ...others] = subscription.items;
  const recurring = item?.price.recurring;
  if (!item || others.length > 0 || !recurring || recurring.usage_type !== 'licensed') throw unavailable();
  return { ...item, recurrence: recurring };
}

function isPlanPrice(price: Price, currencyId: string): boolean {
  return (
    price.active &&
    price.type === 'recurring' &&
    price.recurring?.usage_type === 'licensed' &&
    priceForCurrency(toPricingPrice(price), currencyId) !== null
  );
}

function planAmount(price: Price, currencyId: string, quantity: number): bigint {
  return lineAmount(toPricingPrice(price), currencyId, quantity);
}

function assertChangeable(row: SubscriptionRow): void {
  const status = subscriptionSchema.shape.status.parse(row.status);
  if (!(PLAN_CHANGEABLE_STATUSES as readonly string[]).includes(status)) {
    throw new AppError('SUBSCRIPTION_UNEXPECTED_STATE', `A ${status} subscription cannot change plan`);
  }
}

async function listOptions(db: PaymentDb, subscription: Subscription): Promise<PlanChangeOption[]> {
  const item = planItem(subscription);
  const candidates = await getPlanChangeCandidates(db, item.price);
  const options = candidates
    .filter((price) => isPlanPrice(price, subscription.currency_id))
    .map((price) => ({ price, amount: planAmount(price, subscription.currency_id, item.quantity) }));
  // Shortest interval first, then cheapest: the order a plan picker reads naturally.
  const length = ({ price }: { price: Price }) =>
    intervalSeconds(price.recurring!.interval, price.recurring!.interval_count);
  return options
    .sort((a, b) => length(a) - length(b) || (a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0))
    .map((option) => ({ price: option.price, amount: option.amount.toString() }));
}

/** `GET /subscriptions/{id}/change-plan/options`: the plans it may move to, priced in its currency. */
export async function listPlanChangeOptions(
  deps: Pick<PaymentDeps, 'db'>,
  input: { id: string; user: SessionUser },
): Promise<PlanChangeOption[]> {
  const row = await getSubscriptionForUser(deps.db, input);
  assertChangeable(row);
  const options = await listOptions(deps.db, await toSubscription(deps.db, row));
  if (options.length === 0) throw unavailable();
  return options;
}

/** A plan change worked out at `now`: what it costs and where it leaves the subscription. */
export interface PlannedChange {
  subscription: Subscription;
  item: SubscriptionItem & { recurrence: Recurrence };
  price: Price;
  quantity: number;
  /** A trial only switches the plan: nothing is prorated, the first invoice bills the new one. */
  isTrial: boolean;
  /** The period restarts now when the interval changes. */
  restartsPeriod: boolean;
  preview: PlanChangePreview;
}

/** Works out moving `row` to `body`'s plan at `now`; refuses a plan it may not move to. */
export async function planChange(
  db: PaymentDb,
  input: { row: SubscriptionRow; body: ChangePlanBody; now: number },
): Promise<PlannedChange> {
  assertChangeable(input.row);
  const subscription = await toSubscription(db, input.row);
  const item = planItem(subscription);
  const quantity = input.body.quantity ?? item.quantity;
  const price =
    input.body.price_id === item.price_id
      ? item.price
      : (await listOptions(db, subscription)).find((option) => option.price.id === input.body.price_id)
          ?.price;
  if (!price) throw unavailable(`This subscription cannot move to ${input.body.price_id}`);
  if (price.id === item.price_id && quantity === item.quantity) {
    throw unavailable('The subscription is already on this plan');
  }
  const recurrence = price.recurring!;
  const currencyId = subscription.currency_id;
  const newAmount = planAmount(price, currencyId, quantity);
  const credit = await getCustomerCredit(db, {
    customerId: subscription.customer_id,
    currencyId,
    livemode: subscription.livemode,
  });
  const sameInterval =
    recurrence.interval === item.recurrence.interval &&
    recurrence.interval_count === item.recurrence.interval_count;
  const isTrial = subscription.status === 'trialing';
  const { current_period_start: periodStart, current_period_end: periodEnd } = subscription;
  const preview: PlanChangePreview = isTrial
    ? {
        unusedCredit: 0n,
        newCharge: 0n,
        appliedCredit: 0n,
        amountDueToday: 0n,
        newCredit: credit,
        nextInvoiceAmount: newAmount,
        nextInvoiceAt: periodEnd,
        periodStart,
        periodEnd,
      }
    : previewPlanChange({
        now: input.now,
        periodStart,
        periodEnd,
        oldAmount: planAmount(item.price, currencyId, item.quantity),
        newAmount,
        sameInterval,
        newPeriodEnd: periodBoundary(input.now, recurrence, 1),
        customerCredit: credit,
      });
  return { subscription, item, price, quantity, isTrial, restartsPeriod: !isTrial && !sameInterval, preview };
}

export function toWirePreview(plan: PlannedChange): WirePreview {
  const { preview } = plan;
  return {
    price_id: plan.price.id,
    quantity: plan.quantity,
    unused_credit: preview.unusedCredit.toString(),
    new_charge: preview.newCharge.toString(),
    applied_credit: preview.appliedCredit.toString(),
    amount_due_today: preview.amountDueToday.toString(),
    new_credit: preview.newCredit.toString(),
    next_invoice_amount: preview.nextInvoiceAmount.toString(),
    next_invoice_at: preview.nextInvoiceAt,
    period_start: preview.periodStart,
    period_end: preview.periodEnd,
  };
}

/** `POST /subscriptions/{id}/change-plan/preview`: what `PUT …/change-plan` would do now. */
export async function previewSubscriptionPlanChange(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: { id: string; user: SessionUser; body: ChangePlanBody },
): Promise<WirePreview> {
  const row = await getSubscriptionForUser(deps.db, input);
  const now = await subscriptionNow(deps, row);
  return toWirePreview(await planChange(deps.db, { row, body: input.body, now }));
}
