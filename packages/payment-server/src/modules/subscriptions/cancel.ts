import {
  subscriptionSchema,
  type CancelSubscriptionBody,
  type SessionUser,
  type Subscription,
  type SubscriptionStatus,
} from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import { isEnded, transitionSubscription } from '../../billing/subscription-status.ts';
import { toFlag } from '../../db/json.ts';
import type { PaymentDeps } from '../../deps.ts';
import { recordEvents } from '../events/service.ts';
import { findSubscriptionForUser, isPaymentAdmin, subscriptionNow } from './access.ts';
import {
  findSubscriptionRow,
  updateSubscriptionFrom,
  type SubscriptionChanges,
  type SubscriptionRow,
} from './repository.ts';
import { toSubscription } from './service.ts';

type CancelBody = Required<Pick<CancelSubscriptionBody, 'at'>> & Omit<CancelSubscriptionBody, 'at'>;

/** Statuses whose cancellation waits for the end of the paid period. */
const CANCELABLE_AT_PERIOD_END: readonly SubscriptionStatus[] = ['active', 'past_due'];

function unexpectedState(message: string): AppError {
  return new AppError('SUBSCRIPTION_UNEXPECTED_STATE', message);
}

/**
 * Applies `changes` only if the subscription is still in `status`, with its events, in one
 * transaction; a concurrent change (a renewal ending it, say) makes the action fail instead of
 * overwriting it.
 */
async function applyChange(
  deps: PaymentDeps,
  row: SubscriptionRow,
  status: SubscriptionStatus,
  changes: SubscriptionChanges,
  event: 'customer.subscription.updated' | 'customer.subscription.deleted',
): Promise<Subscription> {
  const updated = await deps.db.transaction().execute(async (trx) => {
    if (!(await updateSubscriptionFrom(trx, row.id, [status], changes))) return null;
    await recordEvents(trx, deps.clock, {
      livemode: row.livemode === 1,
      payloads: [
        {
          type: event,
          data: { id: row.id, customer_id: row.customer_id, status: changes.status ?? status },
        },
      ],
    });
    return toSubscription(trx, (await findSubscriptionRow(trx, row.id))!);
  });
  if (!updated) throw unexpectedState('The subscription changed meanwhile; reload it and try again');
  await deps.flushEvents();
  return updated;
}

/**
 * `PUT /subscriptions/{id}/cancel`: ends the subscription at the end of the period it paid for
 * (the renewal then ends it instead of billing); a free trial, or `at: 'now'` from an admin,
 * ends it at once. Customers cancel only their own.
 */
export async function cancelSubscription(
  deps: PaymentDeps,
  input: { id: string; user: SessionUser; body: CancelBody },
): Promise<Subscription> {
  const row = await findSubscriptionForUser(deps.db, input);
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
  const row = await findSubscriptionForUser(deps.db, input);
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
