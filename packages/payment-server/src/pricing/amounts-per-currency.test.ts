import { describe, expect, it } from 'vitest';
import { amountsPerCurrency } from './amounts-per-currency.ts';
import { makePricingPrice, makeRecurringPrice } from './make-pricing-price.ts';

const NOW = 1_700_000_000;
const ETH = 10n ** 18n;

const book = makePricingPrice({
  id: 'price_book',
  unit_amount: 1500n,
  currency_options: [
    { currency_id: 'eth', unit_amount: ETH / 100n, custom_unit_amount: null, tiers: null },
    { currency_id: 'abt', unit_amount: 3n * ETH, custom_unit_amount: null, tiers: null },
  ],
});
const plan = makeRecurringPrice(1000n, 'month', 1, 'licensed', {
  id: 'price_plan',
  currency_options: [{ currency_id: 'eth', unit_amount: ETH / 200n, custom_unit_amount: null, tiers: null }],
});

describe('amountsPerCurrency', () => {
  it('totals every currency all lines are priced in, in the order asked, skipping the rest', () => {
    const amounts = amountsPerCurrency({
      lines: [
        { price: book, quantity: 2, custom_amount: null },
        { price: plan, quantity: 1, custom_amount: null },
      ],
      currencyIds: ['eth', 'abt', 'usd', 'eur'],
      sessionCurrencyId: 'usd',
      trial: null,
      now: NOW,
    });
    expect(amounts).toEqual([
      {
        currency_id: 'eth',
        amountDueNow: ETH / 50n + ETH / 200n,
        subtotal: ETH / 50n + ETH / 200n,
        renewalAmount: ETH / 200n,
      },
      { currency_id: 'usd', amountDueNow: 4000n, subtotal: 4000n, renewalAmount: 1000n },
    ]);
  });

  it('decides the trial per currency', () => {
    const amounts = amountsPerCurrency({
      lines: [{ price: plan, quantity: 1, custom_amount: null }],
      currencyIds: ['usd', 'eth'],
      sessionCurrencyId: 'usd',
      trial: { trial_period_days: 14, trial_currency: 'usd' },
      now: NOW,
    });
    expect(amounts.map((a) => a.amountDueNow)).toEqual([0n, ETH / 200n]);
  });

  it('applies a chosen custom amount only in the currency it was chosen in', () => {
    const donation = makePricingPrice({
      unit_amount: null,
      custom_unit_amount: { preset: 500n, presets: [], minimum: null, maximum: null },
      currency_options: [
        {
          currency_id: 'eth',
          unit_amount: null,
          custom_unit_amount: { preset: ETH / 1000n, presets: [], minimum: null, maximum: null },
          tiers: null,
        },
      ],
    });
    const amounts = amountsPerCurrency({
      lines: [{ price: donation, quantity: 1, custom_amount: 2000n }],
      currencyIds: ['usd', 'eth'],
      sessionCurrencyId: 'usd',
      trial: null,
      now: NOW,
    });
    expect(amounts.map((a) => a.amountDueNow)).toEqual([2000n, ETH / 1000n]);
  });
});
