import type { PricingPrice } from './types.ts';

/**
 * A PricingPrice for tests: 10.00 USD once, per unit, unless overridden
 * (`makePricingPrice({ type: 'recurring', recurring: { interval: 'month', … } })`).
 */
export function makePricingPrice(overrides: Partial<PricingPrice> = {}): PricingPrice {
  return {
    id: 'price_test',
    type: 'one_time',
    currency_id: 'usd',
    unit_amount: 1000n,
    custom_unit_amount: null,
    billing_scheme: 'per_unit',
    tiers_mode: null,
    tiers: null,
    currency_options: [],
    recurring: null,
    ...overrides,
  };
}

/** A recurring price of `unit_amount` per `interval_count` × `interval`. */
export function makeRecurringPrice(
  unitAmount: bigint,
  interval: NonNullable<PricingPrice['recurring']>['interval'],
  intervalCount = 1,
  usageType: 'licensed' | 'metered' = 'licensed',
  overrides: Partial<PricingPrice> = {},
): PricingPrice {
  return makePricingPrice({
    type: 'recurring',
    unit_amount: unitAmount,
    recurring: { interval, interval_count: intervalCount, usage_type: usageType },
    ...overrides,
  });
}
