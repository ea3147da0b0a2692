import type { SessionUser, SubscriptionStatus } from '@bazaar/schemas';
import { periodBoundary, type Recurrence } from '../billing/periods.ts';
import { DEMO } from '../demo/seed.ts';
import { insertPriceRow } from '../modules/prices/repository.ts';
import { insertProductIfMissing } from '../modules/products/repository.ts';
import { createSubscription } from '../modules/subscriptions/service.ts';
import { saveTestCard, TEST_CARDS } from '../providers/test-card-network.ts';
import { makeUser, saveTestCustomer, type PaymentTestKit } from './payment-test-kit.ts';

export const PLAN_PRODUCT_ID = 'prod_test_plans';
const DAY = 86_400;

/**
 * A recurring price of the test plans product (created on first use), in USD with a EUR option
 * at the same amount: `insertPlanPrice(kit, { id: 'price_basic', unitAmount: 3000n, interval: 'month' })`.
 */
export async function insertPlanPrice(
  kit: Pick<PaymentTestKit, 'db' | 'clock'>,
  input: {
    id: string;
    unitAmount: bigint;
    interval: Recurrence['interval'];
    intervalCount?: number;
    usageType?: 'licensed' | 'metered';
    productId?: string;
    active?: boolean;
    upsellsToId?: string | null;
    /** Graduated tiers instead of a unit amount: `[{ up_to: 100, unit_amount: '10' }, …]`. */
    tiers?: { up_to: number | null; unit_amount: string | null; flat_amount: string | null }[];
    eur?: boolean;
  },
): Promise<string> {
  const now = kit.clock.now();
  await insertProductIfMissing(kit.db, {
    id: input.productId ?? PLAN_PRODUCT_ID,
    name: 'Test plans',
    description: 'Plans a subscription may move between.',
    images: '[]',
    unit_label: null,
    statement_descriptor: null,
    active: 1,
    livemode: 0,
    created_at: now,
  });
  const unitAmount = input.tiers ? null : input.unitAmount.toString();
  await insertPriceRow(kit.db, {
    id: input.id,
    product_id: input.productId ?? PLAN_PRODUCT_ID,
    active: input.active === false ? 0 : 1,
    type: 'recurring',
    currency_id: DEMO.usdCurrencyId,
    unit_amount: unitAmount,
    custom_unit_amount: null,
    currency_options: JSON.stringify(
      input.eur === false
        ? []
        : [
            {
              currency_id: DEMO.eurCurrencyId,
              unit_amount: unitAmount,
              custom_unit_amount: null,
              tiers: input.tiers ?? null,
            },
          ],
    ),
    recurring: JSON.stringify({
      interval: input.interval,
      interval_count: input.intervalCount ?? 1,
      usage_type: input.usageType ?? 'licensed',
    }),
    billing_scheme: input.tiers ? 'tiered' : 'per_unit',
    tiers_mode: input.tiers ? 'graduated' : null,
    tiers: input.tiers ? JSON.stringify(input.tiers) : null,
    upsells_to_id: input.upsellsToId ?? null,
    quantity_available: 0,
    quantity_sold: 0,
    quantity_limit_per_checkout: 0,
    livemode: 0,
    created_at: now,
  });
  return input.id;
}

export interface TestSubscription {
  subscriptionId: string;
  customerId: string;
  /** The saved card's id at the test card network, null without one. */
  cardId: string | null;
}

/**
 * A subscription as a completed checkout leaves it, for `did` (the default test payer): its
 * period started `startedDaysAgo` days before the kit's clock, a card saved from `cardNumber`
 * (null: none), trialing until `trialDays` after the start when given.
 */
export async function makeSubscription(
  kit: Pick<PaymentTestKit, 'db' | 'clock' | 'deps'>,
  input: {
    items: readonly { priceId: string; quantity?: number; recurrence: Recurrence }[];
    did?: string;
    currencyId?: string;
    status?: SubscriptionStatus;
    startedDaysAgo?: number;
    trialDays?: number;
    cardNumber?: string | null;
    billingThresholdAmount?: bigint;
  },
): Promise<TestSubscription> {
  const now = kit.clock.now();
  const customer = await saveTestCustomer(kit.deps, input.did ?? 'did:bazaar:usr_payer');
  const cardNumber = input.cardNumber === undefined ? TEST_CARDS.succeeds : input.cardNumber;
  const card =
    cardNumber === null
      ? null
      : await saveTestCard(kit.db, {
          customerId: customer.id,
          digits: cardNumber,
          exp_month: 12,
          exp_year: 2030,
          now,
        });
  const start = now - (input.startedDaysAgo ?? 0) * DAY;
  const trialEnd = input.trialDays === undefined ? null : start + input.trialDays * DAY;
  const end = trialEnd ?? periodBoundary(start, input.items[0]!.recurrence, 1);
  const subscriptionId = await createSubscription(kit.db, {
    customerId: customer.id,
    status: input.status ?? (trialEnd === null ? 'active' : 'trialing'),
    currencyId: input.currencyId ?? DEMO.usdCurrencyId,
    paymentMethodId: DEMO.cardMethodId,
    card,
    checkoutSessionId: null,
    items: input.items.map((item) => ({ priceId: item.priceId, quantity: item.quantity ?? 1 })),
    periodStart: start,
    periodEnd: end,
    billingCycleAnchor: trialEnd ?? start,
    trialStart: trialEnd === null ? null : start,
    trialEnd,
    billingThresholdAmount: input.billingThresholdAmount ?? 0n,
    testClockId: null,
    livemode: false,
    now: start,
  });
  return { subscriptionId, customerId: customer.id, cardId: card?.card_id ?? null };
}

/** A monthly metered price billed in graduated tiers: the first 100 calls at 10, then 5 each. */
export function insertGraduatedCallsPrice(
  kit: Pick<PaymentTestKit, 'db' | 'clock'>,
  id: string,
): Promise<string> {
  return insertPlanPrice(kit, {
    id,
    unitAmount: 0n,
    interval: 'month',
    usageType: 'metered',
    tiers: [
      { up_to: 100, unit_amount: '10', flat_amount: null },
      { up_to: null, unit_amount: '5', flat_amount: null },
    ],
  });
}

export const MONTHLY: Recurrence = { interval: 'month', interval_count: 1 };
export const YEARLY: Recurrence = { interval: 'year', interval_count: 1 };

/** A signed-in administrator of the kit (owner, admin or developer passport). */
export function makeAdminUser(role: 'owner' | 'admin' | 'developer'): SessionUser {
  return makeUser({ did: `did:bazaar:usr_${role}`, role, passports: [{ role, name: role }] });
}
