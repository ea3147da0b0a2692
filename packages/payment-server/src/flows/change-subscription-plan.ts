import type { ChangePlanBody, ChangePlanResponse, SessionUser } from '@bazaar/schemas';
import { AppError, type Clock } from '@bazaar/server-kit';
import type { PaymentDb } from '../db/tables.ts';
import type { PaymentDeps } from '../deps.ts';
import { recordEvents } from '../modules/events/service.ts';
import { hasOpenInvoiceOfReason } from '../modules/invoices/repository.ts';
import { getInvoice, type NewInvoiceLine } from '../modules/invoices/service.ts';
import { findSubscriptionForUser, subscriptionNow } from '../modules/subscriptions/access.ts';
import {
  PLAN_CHANGEABLE_STATUSES,
  planChange,
  type PlannedChange,
} from '../modules/subscriptions/change-plan.ts';
import {
  findSubscriptionRow,
  swapSubscriptionItemPrice,
  updateSubscriptionFrom,
  type SubscriptionRow,
} from '../modules/subscriptions/repository.ts';
import { getSubscription } from '../modules/subscriptions/service.ts';
import { collectInvoice } from './collect-invoice.ts';
import { voidSubscriptionInvoice, writeSubscriptionInvoice } from './subscription-invoice.ts';

/** payment-kit.md §8: what the customer reads when the upgrade's charge does not go through. */
export const UPGRADE_FAILED = 'Failed to upgrade your subscription';

/**
 * `PUT /subscriptions/{id}/change-plan`: does what the preview says. The old plan's unused time
 * and the new plan's charge go on a `subscription_update` invoice, credit pays what it can and
 * any excess is kept as credit. What is still due is charged to the saved card at once (outside
 * the transaction): only when it is paid, or nothing was due, does the subscription move to the
 * new plan; a declined charge voids the invoice, gives the credit back and keeps the old plan.
 */
export async function changeSubscriptionPlan(
  deps: PaymentDeps,
  input: { id: string; user: SessionUser; body: ChangePlanBody },
): Promise<ChangePlanResponse> {
  const row = await findSubscriptionForUser(deps.db, input);
  const now = await subscriptionNow(deps, row);
  const written = await deps.db.transaction().execute(async (trx) => {
    // The lock makes a second change wait; it then sees the first one's invoice and stops.
    if (!(await updateSubscriptionFrom(trx, row.id, PLAN_CHANGEABLE_STATUSES, { updated_at: now }))) {
      throw new AppError('SUBSCRIPTION_UNEXPECTED_STATE', `A ${row.status} subscription cannot change plan`);
    }
    if (await hasOpenInvoiceOfReason(trx, { subscriptionId: row.id, billingReason: 'subscription_update' })) {
      throw new AppError(
        'SUBSCRIPTION_UNEXPECTED_STATE',
        'A plan change of this subscription is still being paid',
      );
    }
    const locked = (await findSubscriptionRow(trx, row.id))!;
    const plan = await planChange(trx, { row: locked, body: input.body, now });
    if (plan.isTrial) {
      await switchPlan(trx, deps.clock, { row: locked, plan, now });
      return { plan, invoiceId: null, amountDue: 0n };
    }
    const { invoiceId, amountDue } = await writeSubscriptionInvoice(trx, deps.clock, {
      subscription: locked,
      billingReason: 'subscription_update',
      description: `${plan.item.price.product.name} → ${plan.price.product.name}`,
      lines: prorationLines(plan, now),
      periodStart: plan.preview.periodStart,
      periodEnd: plan.preview.periodEnd,
      collectLater: false,
      now,
    });
    if (amountDue === 0n) await switchPlan(trx, deps.clock, { row: locked, plan, now });
    return { plan, invoiceId, amountDue };
  });

  if (written.amountDue > 0n && written.invoiceId) {
    const outcome = await collectInvoice(deps, { invoiceId: written.invoiceId, now });
    const invoiceId = written.invoiceId;
    await deps.db.transaction().execute(async (trx) => {
      const current = (await findSubscriptionRow(trx, row.id))!;
      if (outcome === 'paid') await switchPlan(trx, deps.clock, { row: current, plan: written.plan, now });
      else await voidSubscriptionInvoice(trx, deps.clock, { subscription: current, invoiceId, now });
    });
    await deps.flushEvents();
    if (outcome !== 'paid') throw new AppError('card_declined', UPGRADE_FAILED);
  }
  await deps.flushEvents();
  return {
    subscription: await getSubscription(deps.db, row.id),
    invoice: written.invoiceId ? await getInvoice(deps.db, written.invoiceId) : null,
  };
}

/** The old plan's unused time as a credit line and the new plan's charge, both from now. */
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

/** Moves the subscription's item to the new plan; an interval change restarts the cycle now. */
async function switchPlan(
  trx: PaymentDb,
  clock: Clock,
  input: { row: SubscriptionRow; plan: PlannedChange; now: number },
): Promise<void> {
  const { row, plan, now } = input;
  const swapped = await swapSubscriptionItemPrice(trx, {
    id: plan.item.id,
    fromPriceId: plan.item.price_id,
    priceId: plan.price.id,
    quantity: plan.quantity,
  });
  if (!swapped)
    throw new AppError('SUBSCRIPTION_UNEXPECTED_STATE', 'The subscription changed plan meanwhile');
  await updateSubscriptionFrom(trx, row.id, [row.status], {
    ...(plan.restartsPeriod && {
      billing_cycle_anchor: now,
      current_period_start: plan.preview.periodStart,
      current_period_end: plan.preview.periodEnd,
    }),
    updated_at: now,
  });
  await recordEvents(trx, clock, {
    livemode: row.livemode === 1,
    payloads: [
      {
        type: 'customer.subscription.updated',
        data: { id: row.id, customer_id: row.customer_id, status: row.status },
      },
    ],
  });
}
