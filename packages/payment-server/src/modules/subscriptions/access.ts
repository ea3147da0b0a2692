import type { SessionUser } from '@bazaar/schemas';
import { notFound } from '@bazaar/server-kit';
import type { PaymentDb } from '../../db/tables.ts';
import type { PaymentDeps } from '../../deps.ts';
import { isPaymentAdmin } from '../../admins.ts';
import { getCustomer } from '../customers/service.ts';
import { getTestClock } from '../test-clocks/service.ts';
import { findSubscriptionRow, type SubscriptionRow } from './repository.ts';

/**
 * A subscription `user` may act on: their own, or any for an admin. Someone else's answers like
 * a missing one, so ids cannot be probed.
 */
export async function getSubscriptionForUser(
  db: PaymentDb,
  input: { id: string; user: SessionUser },
): Promise<SubscriptionRow> {
  const row = await findSubscriptionRow(db, input.id);
  if (!row) throw notFound('subscription', input.id);
  if (isPaymentAdmin(input.user)) return row;
  const customer = await getCustomer(db, row.customer_id);
  if (customer.did !== input.user.did) throw notFound('subscription', input.id);
  return row;
}

/** The time a subscription lives in: its test clock's frozen time, else real time. */
export async function subscriptionNow(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  row: Pick<SubscriptionRow, 'test_clock_id'>,
): Promise<number> {
  if (row.test_clock_id === null) return deps.clock.now();
  return (await getTestClock(deps.db, row.test_clock_id)).frozen_time;
}
