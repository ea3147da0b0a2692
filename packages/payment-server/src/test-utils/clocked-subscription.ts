import { randomToken, type SubscriptionStatus } from '@bazaar/schemas';
import { periodBoundary, type Recurrence } from '../billing/periods.ts';
import type { PaymentDeps } from '../deps.ts';
import { DEMO } from '../demo/seed.ts';
import { saveTestCustomer } from './payment-test-kit.ts';
import { getPricesById } from '../modules/prices/service.ts';
import { createSubscription, updateSubscriptionFrom } from '../modules/subscriptions/service.ts';
import { attachTestClockCustomer, createTestClock } from '../modules/test-clocks/service.ts';
import { saveTestCard, TEST_CARDS } from '../providers/test-card-network.ts';

const DAY = 86_400;

export interface ClockedSubscription {
  subscriptionId: string;
  customerId: string;
  customerDid: string;
  testClockId: string | null;
}

/**
 * A test-mode customer on a fresh test clock (starting at `start`, default now; or in real time)
 * with a
 * subscription to `items` (default: the monthly membership) whose period starts at the clock's
 * time, paid by a saved test card (`card: null` for none, as a chain method would have). With
 * `trialDays` it is trialing and its cycle counts from the trial end. Stands in for a completed
 * subscription checkout.
 */
export async function createClockedSubscription(
  deps: PaymentDeps,
  input: {
    start?: number;
    items?: readonly { priceId: string; quantity: number }[];
    card?: string | null;
    trialDays?: number;
    currencyId?: string;
    cancelAtPeriodEnd?: boolean;
    /** False: the customer lives in real time, billed by the background worker's runs. */
    testClock?: boolean;
  } = {},
): Promise<ClockedSubscription> {
  const start = input.start ?? deps.clock.now();
  const clock =
    input.testClock === false ? null : await createTestClock(deps, { name: 'Renewals', frozen_time: start });
  const customer = await saveTestCustomer(deps, `did:bazaar:usr_${randomToken(12)}`);
  if (clock) await attachTestClockCustomer(deps, { testClockId: clock.id, customerId: customer.id });
  const digits = input.card === undefined ? TEST_CARDS.succeeds : input.card;
  const card =
    digits &&
    (await saveTestCard(deps.db, {
      customerId: customer.id,
      digits,
      exp_month: 12,
      exp_year: 2099,
      now: start,
    }));
  const items = input.items ?? [{ priceId: DEMO.monthlyPriceId, quantity: 1 }];
  const prices = await getPricesById(
    deps.db,
    items.map((item) => item.priceId),
  );
  const recurrence: Recurrence = prices.get(items[0]!.priceId)!.recurring!;
  const trialEnd = input.trialDays ? start + input.trialDays * DAY : null;
  const anchor = trialEnd ?? start;
  const status: SubscriptionStatus = trialEnd ? 'trialing' : 'active';
  const subscriptionId = await createSubscription(deps.db, {
    customerId: customer.id,
    status,
    currencyId: input.currencyId ?? DEMO.usdCurrencyId,
    paymentMethodId: DEMO.cardMethodId,
    card: card || null,
    checkoutSessionId: null,
    items,
    periodStart: start,
    periodEnd: trialEnd ?? periodBoundary(anchor, recurrence, 1),
    billingCycleAnchor: anchor,
    trialStart: trialEnd ? start : null,
    trialEnd,
    billingThresholdAmount: 0n,
    testClockId: clock?.id ?? null,
    livemode: false,
    now: start,
  });
  if (input.cancelAtPeriodEnd) {
    await updateSubscriptionFrom(deps.db, subscriptionId, [status], { cancel_at_period_end: 1 });
  }
  return {
    subscriptionId,
    customerId: customer.id,
    customerDid: customer.did,
    testClockId: clock?.id ?? null,
  };
}
