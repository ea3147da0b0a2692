import { describe, expect, it } from 'vitest';
import { defaultCustomUnitAmount, lineAmount } from './line-amount.ts';
import { makePricingPrice } from './make-pricing-price.ts';
import { PricingError, type PricingProblem } from './pricing-error.ts';

const WEI = 10n ** 18n;

function problemOf(run: () => unknown): PricingProblem | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof PricingError) return error.problem;
    throw error;
  }
  return undefined;
}

describe('lineAmount, per unit', () => {
  const price = makePricingPrice({
    unit_amount: 1999n,
    currency_options: [
      { currency_id: 'eth', unit_amount: 3n * WEI + 1n, custom_unit_amount: null, tiers: null },
    ],
  });

  it.each([
    ['usd', 1, 1999n],
    ['usd', 3, 5997n],
    ['eth', 2, 6n * WEI + 2n],
  ])('%s × %i costs %i', (currency, quantity, amount) => {
    expect(lineAmount(price, currency, quantity)).toBe(amount);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('rejects quantity %s', (quantity) => {
    expect(problemOf(() => lineAmount(price, 'usd', quantity))).toBe('invalid_quantity');
  });

  it('refuses a currency the price has no amount in, as PAYMENT_METHOD_UNAVAILABLE', () => {
    expect(() => lineAmount(price, 'eur', 1)).toThrow(
      expect.objectContaining({ problem: 'currency_unavailable', code: 'PAYMENT_METHOD_UNAVAILABLE' }),
    );
  });

  it('refuses a custom amount on a fixed price, so a client cannot set its own price', () => {
    expect(problemOf(() => lineAmount(price, 'usd', 1, 1n))).toBe('invalid_custom_amount');
    expect(lineAmount(price, 'usd', 1, null)).toBe(1999n);
  });
});

describe('lineAmount, pay what you want', () => {
  const custom = { preset: 500n, presets: [100n, 500n, 2000n], minimum: 100n, maximum: 10_000n };
  const price = makePricingPrice({ unit_amount: null, custom_unit_amount: custom });

  it('charges the payer’s amount per unit when given', () => {
    expect(lineAmount(price, 'usd', 1, 777n)).toBe(777n);
    expect(lineAmount(price, 'usd', 2, 777n)).toBe(1554n);
  });

  it('wins over a unit amount the price also carries', () => {
    expect(lineAmount({ ...price, unit_amount: 9n }, 'usd', 1, 777n)).toBe(777n);
  });

  it.each([
    ['the preset', custom, 500n],
    ['the middle preset', { ...custom, preset: null, presets: [100n, 500n, 1000n] }, 500n],
    ['the upper middle of an even list', { ...custom, preset: null, presets: [100n, 500n] }, 500n],
    ['the minimum', { ...custom, preset: null, presets: [] }, 100n],
    ['zero', { preset: null, presets: [], minimum: null, maximum: null }, 0n],
  ])('starts from %s', (_name, terms, amount) => {
    expect(defaultCustomUnitAmount(terms)).toBe(amount);
    expect(lineAmount(makePricingPrice({ unit_amount: null, custom_unit_amount: terms }), 'usd', 1)).toBe(
      amount,
    );
  });

  it.each([99n, 10_001n, -1n])('refuses %i outside the bounds', (amount) => {
    expect(problemOf(() => lineAmount(price, 'usd', 1, amount))).toBe('invalid_custom_amount');
  });

  it('accepts both bounds exactly', () => {
    expect(lineAmount(price, 'usd', 1, 100n)).toBe(100n);
    expect(lineAmount(price, 'usd', 1, 10_000n)).toBe(10_000n);
  });

  it('uses the currency option’s bounds in that currency', () => {
    const multi = makePricingPrice({
      unit_amount: null,
      custom_unit_amount: custom,
      currency_options: [
        {
          currency_id: 'eth',
          unit_amount: null,
          custom_unit_amount: { preset: null, presets: [WEI / 100n], minimum: WEI / 1000n, maximum: null },
          tiers: null,
        },
      ],
    });
    expect(lineAmount(multi, 'eth', 1)).toBe(WEI / 100n);
    expect(lineAmount(multi, 'eth', 1, 50n * WEI)).toBe(50n * WEI);
    expect(problemOf(() => lineAmount(multi, 'eth', 1, 1n))).toBe('invalid_custom_amount');
  });
});

describe('lineAmount, tiered', () => {
  const tiers = [
    { up_to: 10, unit_amount: 5n, flat_amount: null },
    { up_to: null, unit_amount: 4n, flat_amount: 100n },
  ];

  it('prices graduated and volume tiers, in the option currency too', () => {
    const graduated = makePricingPrice({
      billing_scheme: 'tiered',
      tiers_mode: 'graduated',
      unit_amount: null,
      tiers,
      currency_options: [
        {
          currency_id: 'eur',
          unit_amount: null,
          custom_unit_amount: null,
          tiers: [{ up_to: null, unit_amount: 3n, flat_amount: null }],
        },
      ],
    });
    expect(lineAmount(graduated, 'usd', 10)).toBe(50n);
    expect(lineAmount(graduated, 'usd', 12)).toBe(50n + 8n + 100n);
    expect(lineAmount({ ...graduated, tiers_mode: 'volume' }, 'usd', 12)).toBe(48n + 100n);
    expect(lineAmount(graduated, 'eur', 12)).toBe(36n);
  });

  it('refuses a custom amount and bad stored tiers', () => {
    const price = makePricingPrice({
      billing_scheme: 'tiered',
      tiers_mode: 'volume',
      unit_amount: null,
      tiers,
    });
    expect(problemOf(() => lineAmount(price, 'usd', 1, 5n))).toBe('invalid_custom_amount');
    expect(
      problemOf(() => lineAmount({ ...price, tiers: [{ ...tiers[1]! }, { ...tiers[0]! }] }, 'usd', 1)),
    ).toBe('invalid_tiers');
  });
});
