import { describe, expect, it } from 'vitest';
import { makePricingPrice } from './make-pricing-price.ts';
import { priceForCurrency } from './resolve-price-for-currency.ts';

const donation = { preset: 500n, presets: [100n, 500n], minimum: 100n, maximum: null };
const tiers = [
  { up_to: 10, unit_amount: 5n, flat_amount: null },
  { up_to: null, unit_amount: 4n, flat_amount: null },
];

describe('priceForCurrency', () => {
  const price = makePricingPrice({
    currency_id: 'usd',
    unit_amount: 1000n,
    currency_options: [
      { currency_id: 'eth', unit_amount: 3_000_000_000_000_000n, custom_unit_amount: null, tiers: null },
      { currency_id: 'abt', unit_amount: null, custom_unit_amount: donation, tiers: null },
      { currency_id: 'empty', unit_amount: null, custom_unit_amount: null, tiers: null },
    ],
  });

  it('uses the base fields in the price currency', () => {
    expect(priceForCurrency(price, 'usd')).toEqual({
      unit_amount: 1000n,
      custom_unit_amount: null,
      tiers: null,
      billing_scheme: 'per_unit',
      tiers_mode: null,
    });
  });

  it('falls back to the matching currency option, 18-decimal amounts intact', () => {
    expect(priceForCurrency(price, 'eth')?.unit_amount).toBe(3_000_000_000_000_000n);
    expect(priceForCurrency(price, 'abt')?.custom_unit_amount).toEqual(donation);
  });

  it('answers null for a currency the price has no amount in', () => {
    expect(priceForCurrency(price, 'eur')).toBeNull();
    expect(priceForCurrency(price, 'empty')).toBeNull();
    expect(priceForCurrency(makePricingPrice({ unit_amount: null }), 'usd')).toBeNull();
  });

  it('takes tiers from the option but the scheme and mode from the price', () => {
    const tiered = makePricingPrice({
      billing_scheme: 'tiered',
      tiers_mode: 'volume',
      unit_amount: null,
      tiers,
      currency_options: [
        {
          currency_id: 'eur',
          unit_amount: null,
          custom_unit_amount: null,
          tiers: [{ ...tiers[0]!, unit_amount: 6n }, tiers[1]!],
        },
        { currency_id: 'gbp', unit_amount: 900n, custom_unit_amount: null, tiers: null },
      ],
    });
    expect(priceForCurrency(tiered, 'usd')?.tiers).toBe(tiers);
    expect(priceForCurrency(tiered, 'eur')).toMatchObject({ billing_scheme: 'tiered', tiers_mode: 'volume' });
    expect(priceForCurrency(tiered, 'eur')?.tiers?.[0]?.unit_amount).toBe(6n);
    // A tiered price needs tiers in the currency; a stray unit amount does not make it payable.
    expect(priceForCurrency(tiered, 'gbp')).toBeNull();
  });
});
