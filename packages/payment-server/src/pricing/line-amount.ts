import { checkCustomAmount, middlePreset } from '@bazaar/money';
import { PricingError } from './pricing-error.ts';
import { priceForCurrency } from './resolve-price-for-currency.ts';
import { tieredAmount } from './tiers.ts';
import type { PricingCustomUnitAmount, PricingPrice } from './types.ts';

/**
 * The amount a pay-what-you-want price starts at before the payer chooses: its preset, else the
 * middle of its presets (the tip card the page preselects, so the server's total matches it),
 * else its minimum.
 */
export function defaultCustomUnitAmount(custom: PricingCustomUnitAmount): bigint {
  return custom.preset ?? middlePreset(custom.presets) ?? custom.minimum ?? 0n;
}

/**
 * What `quantity` units of `price` cost in `currencyId`, in that currency's smallest unit:
 * per_unit → unit amount × quantity; pay-what-you-want → (`customAmount` ?? default) × quantity;
 * tiered → graduated or volume tiers. Throws PricingError when the currency has no amount, the
 * quantity is not a whole number ≥ 1, or a custom amount is outside the price's bounds or is
 * given for a price that is not pay-what-you-want (a client must never override a fixed price).
 */
export function lineAmount(
  price: PricingPrice,
  currencyId: string,
  quantity: number,
  customAmount?: bigint | null,
): bigint {
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new PricingError(
      'invalid_quantity',
      `Quantity must be a whole number of at least 1, got ${quantity}`,
    );
  }
  const terms = priceForCurrency(price, currencyId);
  if (!terms) {
    throw new PricingError(
      'currency_unavailable',
      `Price ${price.id} has no amount in currency ${currencyId}`,
    );
  }
  const units = BigInt(quantity);
  const hasCustomAmount = customAmount !== undefined && customAmount !== null;
  if (terms.custom_unit_amount && terms.billing_scheme === 'per_unit') {
    const chosen = hasCustomAmount ? customAmount : defaultCustomUnitAmount(terms.custom_unit_amount);
    const check = checkCustomAmount(chosen, terms.custom_unit_amount);
    if (!check.ok) {
      throw new PricingError(
        'invalid_custom_amount',
        `Custom amount ${chosen} is outside the price's bounds`,
      );
    }
    return chosen * units;
  }
  if (hasCustomAmount) {
    throw new PricingError('invalid_custom_amount', `Price ${price.id} does not accept a custom amount`);
  }
  if (terms.billing_scheme === 'tiered') return tieredAmount(terms.tiers, terms.tiers_mode, units);
  return (terms.unit_amount ?? 0n) * units;
}
