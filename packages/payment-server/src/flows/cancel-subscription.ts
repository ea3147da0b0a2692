import {
  subscriptionSchema,
  type CancelSubscriptionBody,
  type SessionUser,
  type Subscription,
  type SubscriptionStatus,
} from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import { isEnded, transitionSubscription } from '../billing/subscription-status.ts';
import { toFlag } from '../db/json.ts';
import type { PaymentDb } from '../db/tables.ts';
import type { PaymentDeps } from '../deps.ts';
import { recordEvents } from '../modules/events/service.ts';
import { priceLine } from '../modules/invoices/service.ts';
import { isPaymentAdmin } from '../admins.ts';
import { getSubscriptionForUser, subscriptionNow } from '../modules/subscriptions/access.ts';
import {
  findSubscriptionRow,
  updateSubscriptionFrom,
  type SubscriptionChanges,
  type SubscriptionRow,
} from '../modules/subscriptions/repository.ts';
import { toSubscription } from '../modules/subscriptions/service.ts';
import { describeUsage, listUnbilledUsage } from '../modules/usage-records/service.ts';
import { collectInvoice } from './collect-invoice.ts';
import { writeSubscriptionInvoice } from './subscription-invoice.ts';

type CancelBody = Required<Pick<CancelSubscriptionBody, 'at'>> & Omit<CancelSubscriptionBody, 'at'>;

/** Statuses whose cancellation waits for the end of the paid period. */
const CANCELABLE_AT_PERIOD_END: readonly SubscriptionStatus[] = ['active', 'past_due'];

function unexpectedState(message: string): AppError {
  return new AppError('SUBSCRIPTION_UNEXPECTED_STATE', message);
}

/**
 * Applies `changes` only if the subscription is still in `status`, with its events, in one
 * transaction; a concurrent change (a renewal ending it, say) makes the action fail instead of
 * overwriting it. `endsAt` ends the subscription at that moment: its period's unbilled metered
 * usage goes on a final invoice in the same transaction, collected once it committed.
 */
async function applyChange(
  deps: PaymentDeps,
  row: SubscriptionRow,
  status: SubscriptionStatus,
  changes: SubscriptionChanges,
  event: 'customer.subscription.updated' | 'customer.subscription.deleted',
  endsAt: number | null = null,
): Promise<Subscription> {
  const now = await subscriptionNow(deps, row);
  const updated = await deps.db.transaction().execute(async (trx) => {
    if (!(await updateSubscriptionFrom(trx, row.id, [status], changes))) return null;
    const invoiceId = endsAt === null ? null : await billFinalUsage(trx, { row, now: endsAt });
    await recordEvents(trx, {
      now,
      livemode: row.livemode === 1,
      payloads: [
        {
          type: event,
          data: { id: row.id, customer_id: row.customer_id, status: changes.status ?? status },
        },
      ],
    });
    return { invoiceId, subscription: await toSubscription(trx, (await findSubscriptionRow(trx, row.id))!) };
  });
  if (!updated) throw unexpectedState('The subscription changed meanwhile; reload it and try again');
  if (updated.invoiceId && endsAt !== null) {
    await collectInvoice(deps, { invoiceId: updated.invoiceId, now: endsAt });
  }
  await deps.flushEvents();
  return updated.subscription;
}

/**
 * The final `subscription_cancel` invoice of a subscription ended at `now`: the metered usage
 * of its current period that no invoice billed yet, priced as a renewal would have
 * (`listUnbilledUsage`). None when there is no such usage. Answers the invoice to collect.
 */
async function billFinalUsage(
  trx: PaymentDb,
  input: { row: SubscriptionRow; now: number },
): Promise<string | null> {
  const { row, now } = input;
  const { current_period_start: periodStart, current_period_end: periodEnd } = row;
  const usage = (
    await listUnbilledUsage(trx, { subscription: await toSubscription(trx, row), periodStart, periodEnd })
  ).filter((line) => line.quantity > 0n);
  if (usage.length === 0) return null;
  const { invoiceId, amountDue } = await writeSubscriptionInvoice(trx, {
    subscription: row,
    billingReason: 'subscription_cancel',
    description: describeUsage(usage),
    lines: usage.map((line) => priceLine(line, { start: periodStart, end: now })),
    periodStart,
    periodEnd: now,
    collectLater: true,
    now,
  });
  return amountDue > 0n ? invoiceId : null;
}

/**
 * `PUT /subscriptions/{id}/cancel`: ends the subscription at the end of the period it paid for
 * (the renewal then ends it instead of billing); a free trial, or `at: 'now'` from an admin,
 * ends it at once, with a final invoice for the period's unbilled metered usage if there is
 * any. Customers cancel only their own.
 */
export async function cancelSubscription(
  deps: PaymentDeps,
  input: { id: string; user: SessionUser; body: CancelBody },
): Promise<Subscription> {
  const row = await getSubscriptionForUser(deps.db, input);
  if (input.body.at === 'now' && !isPaymentAdmin(input.user)) {
    throw new AppError('FORBIDDEN', 'Only an admin can end a subscription before its period ends');
  }
  const status = subscriptionSchema.shape.status.parse(row.status);
  const now = await subscriptionNow(deps, row);
  const details = JSON.stringify({
    reason: 'cancellation_requested',
    feedback: input.body.feedback ?? null,
    comment: input.body.comment || null,
  });

  if (input.body.at === 'now' || status === 'trialing') {
    const canceled = transitionSubscription(status, { type: 'canceled' });
    if (!canceled) throw unexpectedState(`A ${status} subscription cannot be canceled`);
    return applyChange(
      deps,
      row,
      status,
      {
        status: canceled,
        cancel_at_period_end: toFlag(false),
        canceled_at: now,
        ended_at: now,
        cancelation_details: details,
        updated_at: now,
      },
      'customer.subscription.deleted',
      now,
    );
  }
  if (!CANCELABLE_AT_PERIOD_END.includes(status)) {
    throw unexpectedState(`A ${status} subscription cannot be canceled`);
  }
  return applyChange(
    deps,
    row,
    status,
    {
      cancel_at_period_end: toFlag(true),
      canceled_at: now,
      cancelation_details: details,
      updated_at: now,
    },
    'customer.subscription.updated',
  );
}

/**
 * `PUT /subscriptions/{id}/resume` (also `/recover`): withdraws a pending cancellation, so the
 * subscription renews on its next date. One that already ended cannot come back; one with no
 * pending cancellation is answered as it is.
 */
export async function resumeSubscription(
  deps: PaymentDeps,
  input: { id: string; user: SessionUser },
): Promise<Subscription> {
  const row = await getSubscriptionForUser(deps.db, input);
  const status = subscriptionSchema.shape.status.parse(row.status);
  if (isEnded(status)) throw unexpectedState(`A ${status} subscription cannot be resumed`);
  if (row.cancel_at_period_end !== 1) return toSubscription(deps.db, row);
  return applyChange(
    deps,
    row,
    status,
    {
      cancel_at_period_end: toFlag(false),
      canceled_at: null,
      cancelation_details: null,
      updated_at: await subscriptionNow(deps, row),
    },
    'customer.subscription.updated',
  );
}
