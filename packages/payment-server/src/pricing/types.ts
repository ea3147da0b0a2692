import type { RecurringInterval } from '@bazaar/money';

/**
 * The price shape the pricing math reads. It mirrors a `prices` row with its JSON columns parsed
 * and every amount turned into a bigint in the smallest unit, so callers map a row field by
 * field and the math never sees a decimal string or a JS number for money.
 */

/** Pay-what-you-want terms (donations): every amount in the smallest unit. */
export interface PricingCustomUnitAmount {
  preset: bigint | null;
  presets: readonly bigint[];
  minimum: bigint | null;
  maximum: bigint | null;
}

/** One tier; `up_to` is a quantity (inclusive), `null` only on the last tier, meaning "and above". */
export interface PricingTier {
  up_to: number | null;
  unit_amount: bigint | null;
  flat_amount: bigint | null;
}

export interface PricingCurrencyOption {
  currency_id: string;
  unit_amount: bigint | null;
  custom_unit_amount: PricingCustomUnitAmount | null;
  tiers: readonly PricingTier[] | null;
}

export interface PricingRecurring {
  interval: RecurringInterval;
  interval_count: number;
  usage_type: 'licensed' | 'metered';
}

export type BillingScheme = 'per_unit' | 'tiered';
export type TiersMode = 'graduated' | 'volume';

export interface PricingPrice {
  id: string;
  type: 'one_time' | 'recurring';
  currency_id: string;
  unit_amount: bigint | null;
  custom_unit_amount: PricingCustomUnitAmount | null;
  billing_scheme: BillingScheme;
  tiers_mode: TiersMode | null;
  tiers: readonly PricingTier[] | null;
  currency_options: readonly PricingCurrencyOption[];
  recurring: PricingRecurring | null;
}

/** What a price asks in one currency (see `priceForCurrency`). */
export interface PriceTerms {
  unit_amount: bigint | null;
  custom_unit_amount: PricingCustomUnitAmount | null;
  tiers: readonly PricingTier[] | null;
  billing_scheme: BillingScheme;
  tiers_mode: TiersMode | null;
}
