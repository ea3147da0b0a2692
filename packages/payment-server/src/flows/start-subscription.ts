import type { LineItem, PaymentIntent } from '@bazaar/schemas';
import { periodBoundary, type Period } from '../billing/index.ts';
import type { PaymentDeps } from '../deps.ts';
import { subscriptionRecurrence } from '../modules/checkout-sessions/purchase-rules.ts';
import { chargedPrice } from '../modules/checkout-sessions/line-items.ts';
import type { CheckoutSessionRow } from '../modules/checkout-sessions/repository.ts';
import { sessionSubscriptionData } from '../modules/checkout-sessions/service.ts';
import { getCustomerTestClockId } from '../modules/customers/service.ts';
import { subscriptionNow } from '../modules/subscriptions/access.ts';
import { createSubscription } from '../modules/subscriptions/service.ts';
import type { CheckoutTotals } from '../pricing/index.ts';
import type { SavedCard } from '../providers/card-network.ts';

export interface StartedSubscription {
  id: string;
  status: 'trialing' | 'active';
  /** The first period: the trial itself when there is one. */
  period: Period;
  /** The customer's test clock, whose time the subscription and its invoices live in. */
  testClockId: string | null;
}

/**
 * The subscription a completed checkout starts, written in the caller's transaction. With a
 * trial its first period is the trial and renewals count from the trial's end; without one it is
 * active from now for one interval. Its items are the recurring lines, licensed and metered;
 * renewals charge the card the checkout saved. A customer on a test clock starts at the clock's
 * time, with a trial of the same length.
 */
export async function startSubscription(
  deps: Pick<PaymentDeps, 'db' | 'clock'>,
  input: {
    session: CheckoutSessionRow;
    lineItems: readonly LineItem[];
    totals: CheckoutTotals;
    intent: PaymentIntent;
    customerId: string;
    savedCard: SavedCard | null;
    payerAddress: string | null;
    /** The checkout's invoice, written next in the same transaction. */
    invoiceId: string;
    now: number;
  },
): Promise<StartedSubscription> {
  const { totals, customerId } = input;
  const recurrence = subscriptionRecurrence(input.lineItems);
  const testClockId = await getCustomerTestClockId(deps.db, customerId);
  const start = await subscriptionNow(deps, { test_clock_id: testClockId });
  const trialEnd =
    totals.isTrialing && totals.trial.trialEndsAt !== null
      ? start + (totals.trial.trialEndsAt - input.now)
      : null;
  const anchor = trialEnd ?? start;
  const period = { start, end: trialEnd ?? periodBoundary(anchor, recurrence, 1) };
  const status = trialEnd === null ? 'active' : 'trialing';
  const id = await createSubscription(deps.db, {
    customerId,
    status,
    currencyId: input.session.currency_id,
    paymentMethodId: input.intent.payment_method_id,
    card: input.savedCard,
    payerAddress: input.payerAddress,
    checkoutSessionId: input.session.id,
    items: input.lineItems
      .filter((item) => chargedPrice(item).type === 'recurring')
      .map((item) => ({ priceId: chargedPrice(item).id, quantity: item.quantity })),
    periodStart: period.start,
    periodEnd: period.end,
    billingCycleAnchor: anchor,
    trialStart: trialEnd === null ? null : start,
    trialEnd,
    billingThresholdAmount: BigInt(sessionSubscriptionData(input.session)?.billing_threshold_amount ?? '0'),
    testClockId,
    latestInvoiceId: input.invoiceId,
    livemode: input.intent.livemode,
    now: start,
  });
  return { id, status, period, testClockId };
}
