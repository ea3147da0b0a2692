import type { PriceTerms, PricingPrice } from './types.ts';

/**
 * What `price` asks in `currencyId`: its own fields when that is its currency, else the matching
 * `currency_options` entry (billing scheme and tiers mode are the price's, whatever the currency).
 * `null` when the price has no amount in that currency, so the caller can refuse the currency
 * instead of charging 0.
 */
export function priceForCurrency(price: PricingPrice, currencyId: string): PriceTerms | null {
  const source =
    price.currency_id === currencyId
      ? price
      : price.currency_options.find((option) => option.currency_id === currencyId);
  if (!source) return null;
  const terms: PriceTerms = {
    unit_amount: source.unit_amount,
    custom_unit_amount: source.custom_unit_amount,
    tiers: source.tiers,
    billing_scheme: price.billing_scheme,
    tiers_mode: price.tiers_mode,
  };
  return hasAmount(terms) ? terms : null;
}

function hasAmount(terms: PriceTerms): boolean {
  if (terms.billing_scheme === 'tiered') return terms.tiers !== null && terms.tiers.length > 0;
  return terms.unit_amount !== null || terms.custom_unit_amount !== null;
}
