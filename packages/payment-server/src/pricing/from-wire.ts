import type { Price } from '@bazaar/schemas';
import type { PricingCustomUnitAmount, PricingPrice, PricingTier } from './types.ts';

type CustomUnitAmount = NonNullable<Price['custom_unit_amount']>;

const toUnits = (amount: string | null): bigint | null => (amount === null ? null : BigInt(amount));

function toPricingCustom(custom: CustomUnitAmount | null): PricingCustomUnitAmount | null {
  if (!custom) return null;
  return {
    preset: toUnits(custom.preset),
    presets: custom.presets.map((preset) => BigInt(preset)),
    minimum: toUnits(custom.minimum),
    maximum: toUnits(custom.maximum),
  };
}

/** Wire tiers (decimal strings) as the pricing math reads them. */
export function toPricingTiers(tiers: Price['tiers']): PricingTier[] | null {
  return (
    tiers?.map((tier) => ({
      up_to: tier.up_to,
      unit_amount: toUnits(tier.unit_amount),
      flat_amount: toUnits(tier.flat_amount),
    })) ?? null
  );
}

/** The wire price as the pricing math reads it: every amount a bigint in the smallest unit. */
export function toPricingPrice(price: Price): PricingPrice {
  return {
    id: price.id,
    type: price.type,
    currency_id: price.currency_id,
    unit_amount: toUnits(price.unit_amount),
    custom_unit_amount: toPricingCustom(price.custom_unit_amount),
    billing_scheme: price.billing_scheme,
    tiers_mode: price.tiers_mode,
    tiers: toPricingTiers(price.tiers),
    currency_options: price.currency_options.map((option) => ({
      currency_id: option.currency_id,
      unit_amount: toUnits(option.unit_amount),
      custom_unit_amount: toPricingCustom(option.custom_unit_amount),
      tiers: toPricingTiers(option.tiers),
    })),
    recurring: price.recurring,
  };
}
