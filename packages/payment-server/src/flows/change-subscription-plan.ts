import type { ChangePlanBody, ChangePlanResponse, SessionUser } from '@bazaar/schemas';
import { AppError, type Clock } from '@bazaar/server-kit';
import type { PaymentDb } from '../db/tables.ts';
import type { PaymentDeps } from '../deps.ts';
import {
  collectionLeaseHolder,
  findOpenInvoiceOfReason,
  listInvoiceLineRows,
  setInvoicePlanChange,
  type InvoiceRow,
} from '../modules/invoices/repository.ts';
import { getInvoice, type NewInvoiceLine } from '../modules/invoices/service.ts';
import { getSubscriptionForUser, subscriptionNow } from '../modules/subscriptions/access.ts';
import {
  PLAN_CHANGEABLE_STATUSES,
  planChange,
  type PlannedChange,
} from '../modules/subscriptions/change-plan.ts';
import {
  findSubscriptionRow,
  updateSubscriptionFrom,
  type SubscriptionRow,
} from '../modules/subscriptions/repository.ts';
import { getSubscription } from '../modules/subscriptions/service.ts';
import { collectInvoice } from './collect-invoice.ts';
import { switchPlan, type PlanSwitch } from './switch-plan.ts';
import { writeSubscriptionInvoice } from './subscription-invoice.ts';
import { voidInvoice } from './void-invoice.ts';

/** What the customer reads when the upgrade's charge does not go through (the page shows it as is). */
export const UPGRADE_FAILED = 'Failed to upgrade your subscription';

function stillBeingPaid(): AppError {
  return new AppError(
    'SUBSCRIPTION_UNEXPECTED_STATE',
    'A plan change of this subscription is still being paid',
  );
}

/** Step one of a change, committed before any charge: its invoice and what it will switch. */
export interface WrittenPlanChange {
  change: PlanSwitch;
  /** Null for a trial, which only switches. */
  invoiceId: string | null;
  /** What is left to charge; 0 when the change is already done. */
  amountDue: bigint;
}

/** A change with nothing to pay switches at once, on the locked subscription. */
async function switchNow(trx: PaymentDb, input: Parameters<typeof switchPlan>[1]): Promise<void> {
  if (!(await switchPlan(trx, input))) {
    throw new AppError('SUBSCRIPTION_UNEXPECTED_STATE', 'The subscription changed plan meanwhile');
  }
}

function toSwitch(plan: PlannedChange, restart: { start: number; end: number }): PlanSwitch {
  return {
    itemId: plan.item.id,
    fromPriceId: plan.item.price_id,
    priceId: plan.price.id,
    quantity: plan.quantity,
    restart: plan.restartsPeriod ? restart : null,
  };
}

/**
 * `PUT /subscriptions/{id}/change-plan`: does what the preview says. The old plan's unused time
 * and the new plan's charge go on a `subscription_update` invoice, credit pays what it can and
 * any excess is kept as credit. What is still due is charged to the saved card at once (outside
 * the transaction): only when it is paid, or nothing was due, does the subscription move to the
 * new plan; a declined charge voids the invoice, gives the credit back and keeps the old plan.
 * A change whose charge never got recorded (the process died) is taken up again by the next
 * change request (`writePlanChange`), so it never blocks the subscription for good.
 */
export async function changeSubscriptionPlan(
  deps: PaymentDeps,
  input: { id: string; user: SessionUser; body: ChangePlanBody },
): Promise<ChangePlanResponse> {
  const row = await getSubscriptionForUser(deps.db, input);
  const now = await subscriptionNow(deps, row);
  const written = await writePlanChange(deps, { id: row.id, body: input.body, now });
  if (written.amountDue > 0n && written.invoiceId) {
    await collectPlanChange(deps, { invoiceId: written.invoiceId, now });
  }
  await deps.flushEvents();
  return {
    subscription: await getSubscription(deps.db, row.id),
    invoice: written.invoiceId ? await getInvoice(deps.db, written.invoiceId) : null,
  };
}

/**
 * Step one, in one transaction: the change's invoice, or the change itself when nothing is due.
 * An open `subscription_update` invoice left by a change whose charge was never recorded is
 * taken up first: the same change resumes it (its charge then repeats the same key, so the card
 * is never charged twice), another change voids it (giving its credit back) before it is
 * planned. While its charge may be in flight (its collection lease runs) the change waits.
 */
export async function writePlanChange(
  deps: PaymentDeps,
  input: { id: string; body: ChangePlanBody; now: number },
): Promise<WrittenPlanChange> {
  const { now } = input;
  return deps.db.transaction().execute(async (trx) => {
    // The lock makes a second change wait; it then sees the first one's invoice.
    if (!(await updateSubscriptionFrom(trx, input.id, PLAN_CHANGEABLE_STATUSES, { updated_at: now }))) {
      const { status } = (await findSubscriptionRow(trx, input.id))!;
      throw new AppError('SUBSCRIPTION_UNEXPECTED_STATE', `A ${status} subscription cannot change plan`);
    }
    const locked = (await findSubscriptionRow(trx, input.id))!;
    const pending = await findOpenInvoiceOfReason(trx, {
      subscriptionId: locked.id,
      billingReason: 'subscription_update',
    });
    if (pending) {
      const resumed = await takeUpPendingChange(trx, deps.clock, { locked, pending, body: input.body, now });
      if (resumed) return resumed;
    }
    const plan = await planChange(trx, { row: locked, body: input.body, now });
    const change = toSwitch(plan, { start: plan.preview.periodStart, end: plan.preview.periodEnd });
    if (plan.isTrial) {
      await switchNow(trx, { row: locked, change, now });
      return { change, invoiceId: null, amountDue: 0n };
    }
    const { invoiceId, amountDue } = await writeSubscriptionInvoice(trx, {
      subscription: locked,
      billingReason: 'subscription_update',
      description: `${plan.item.price.product.name} → ${plan.price.product.name}`,
      lines: prorationLines(plan, now),
      periodStart: plan.preview.periodStart,
      periodEnd: plan.preview.periodEnd,
      collectLater: false,
      now,
    });
    // Paid now (by credit) it switches here; paid later, settling the invoice switches it.
    if (amountDue === 0n) await switchNow(trx, { row: locked, change, now });
    else await setInvoicePlanChange(trx, { invoiceId, planChange: JSON.stringify(change) });
    return { change, invoiceId, amountDue };
  });
}

/**
 * An open plan change invoice met by a new change request: resumed when it is the same change
 * in the same period, else voided so the new change can be planned (null). An invoice whose
 * attempt was started but never recorded may have been charged at the network: voiding it would
 * lose that payment, so only the same change (which repeats the attempt's key) may take it up.
 */
async function takeUpPendingChange(
  trx: PaymentDb,
  clock: Clock,
  input: { locked: SubscriptionRow; pending: InvoiceRow; body: ChangePlanBody; now: number },
): Promise<WrittenPlanChange | null> {
  const { locked, pending, now } = input;
  if (collectionLeaseHolder(pending, now)) throw stillBeingPaid();
  const plan = await planChange(trx, { row: locked, body: input.body, now });
  const target = await pendingTarget(trx, pending);
  const isSameChange = target.priceId === plan.price.id && target.quantity === plan.quantity;
  // A renewal since then billed the old plan for a new period: the invoice prorated the old one.
  const isSamePeriod = pending.period_start !== null && pending.period_start >= locked.current_period_start;
  if (isSameChange && isSamePeriod) {
    return {
      change: toSwitch(plan, { start: pending.period_start!, end: pending.period_end! }),
      invoiceId: pending.id,
      amountDue: BigInt(pending.amount_remaining),
    };
  }
  if (pending.collection_lease_until !== null) {
    throw new AppError(
      'SUBSCRIPTION_UNEXPECTED_STATE',
      `The payment of an earlier change to ${target.priceId} may have gone through; confirm that change again first`,
    );
  }
  await voidInvoice(trx, clock, { invoiceId: pending.id, now });
  return null;
}

/** The plan a change invoice moves to: its last line charges the new plan (`prorationLines`). */
async function pendingTarget(trx: PaymentDb, pending: InvoiceRow) {
  const last = (await listInvoiceLineRows(trx, [pending.id])).at(-1);
  return { priceId: last?.price_id ?? null, quantity: last?.quantity ?? null };
}

/**
 * Step two, outside any transaction: charges the change's invoice — paying it moves the
 * subscription to the new plan (`switchPaidPlanChanges`, in the settling transaction) — or voids
 * it (giving its credit back) when the charge was declined. A chain pull still confirming is
 * left to finish: the plan switches when it does. An invoice someone else is collecting right
 * now is left to them.
 */
async function collectPlanChange(
  deps: PaymentDeps,
  input: { invoiceId: string; now: number },
): Promise<void> {
  const { invoiceId, now } = input;
  const outcome = await collectInvoice(deps, { invoiceId, now });
  if (outcome === 'skipped') throw stillBeingPaid();
  if (outcome === 'paid') return;
  if (outcome === 'pending') {
    throw new AppError('PAYMENT_IN_PROGRESS', 'Your payment is being confirmed; the plan changes once it is');
  }
  await deps.db.transaction().execute((trx) => voidInvoice(trx, deps.clock, { invoiceId, now }));
  await deps.flushEvents();
  throw new AppError('card_declined', UPGRADE_FAILED);
}

/**
 * The old plan's unused time as a credit line and the new plan's charge, both from now; the new
 * plan's line comes last (`pendingTarget` reads it).
 */
function prorationLines(plan: PlannedChange, now: number): NewInvoiceLine[] {
  const { preview, item, price, quantity } = plan;
  const unused: NewInvoiceLine[] =
    preview.unusedCredit > 0n
      ? [
          {
            description: `Unused time on ${item.price.product.name}`,
            priceId: item.price_id,
            quantity: item.quantity,
            unitAmount: (-preview.unusedCredit / BigInt(item.quantity)).toString(),
            amount: (-preview.unusedCredit).toString(),
            periodStart: now,
            periodEnd: plan.subscription.current_period_end,
            proration: true,
          },
        ]
      : [];
  return [
    ...unused,
    {
      description: plan.restartsPeriod ? price.product.name : `Remaining time on ${price.product.name}`,
      priceId: price.id,
      quantity,
      unitAmount: (preview.newCharge / BigInt(quantity)).toString(),
      amount: preview.newCharge.toString(),
      periodStart: now,
      periodEnd: preview.periodEnd,
      proration: !plan.restartsPeriod,
    },
  ];
}
