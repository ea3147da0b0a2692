import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutTotals, type TotalsLineInput } from './checkout-totals.ts';
import { makePricingPrice, makeRecurringPrice } from './make-pricing-price.ts';
import type { PricingPrice } from './types.ts';

const NOW = 1_700_000_000;
const oneTime = makePricingPrice({ id: 'price_once', unit_amount: 500n });
const monthly = makeRecurringPrice(1000n, 'month', 1, 'licensed', { id: 'price_monthly' });
const metered = makeRecurringPrice(3n, 'month', 1, 'metered', { id: 'price_metered' });

function line(price: PricingPrice, quantity = 1, customAmount: bigint | null = null): TotalsLineInput {
  return { price, quantity, custom_amount: customAmount };
}

describe('checkoutTotals', () => {
  it('charges one-time items now and renews nothing', () => {
    const totals = checkoutTotals({ lines: [line(oneTime, 2)], currencyId: 'usd', trial: null, now: NOW });
    expect(totals).toMatchObject({
      subtotal: 1000n,
      amountDueNow: 1000n,
      renewalAmount: 0n,
      isTrialing: false,
    });
    expect(totals.lines).toEqual([
      { price_id: 'price_once', amount: 1000n, isDueNow: true, isMetered: false },
    ]);
  });

  it('charges licensed items now and again each period', () => {
    const totals = checkoutTotals({ lines: [line(monthly, 3)], currencyId: 'usd', trial: null, now: NOW });
    expect(totals).toMatchObject({ subtotal: 3000n, amountDueNow: 3000n, renewalAmount: 3000n });
  });

  it('never charges metered items now nor counts them in subtotal or renewal', () => {
    const totals = checkoutTotals({
      lines: [line(monthly), line(metered, 5)],
      currencyId: 'usd',
      trial: null,
      now: NOW,
    });
    expect(totals).toMatchObject({
      subtotal: 1000n,
      amountDueNow: 1000n,
      renewalAmount: 1000n,
      hasMeteredItems: true,
    });
    expect(totals.lines[1]).toEqual({
      price_id: 'price_metered',
      amount: 15n,
      isDueNow: false,
      isMetered: true,
    });
  });

  it('defers recurring items during a trial but still charges one-time items', () => {
    const totals = checkoutTotals({
      lines: [line(oneTime), line(monthly, 2), line(metered)],
      currencyId: 'usd',
      trial: { trial_period_days: 7 },
      now: NOW,
    });
    expect(totals).toMatchObject({
      subtotal: 2500n,
      amountDueNow: 500n,
      renewalAmount: 2000n,
      isTrialing: true,
    });
    expect(totals.trial).toEqual({
      isTrialing: true,
      trialEndsAt: NOW + 7 * 86_400,
      display: { unit: 'day', count: 7 },
    });
    expect(totals.lines.map((l) => l.isDueNow)).toEqual([true, false, false]);
  });

  it('ignores the trial in a currency trial_currency leaves out', () => {
    const withEth = makeRecurringPrice(1000n, 'month', 1, 'licensed', {
      currency_options: [
        { currency_id: 'eth', unit_amount: 10n ** 16n, custom_unit_amount: null, tiers: null },
      ],
    });
    const trial = { trial_period_days: 7, trial_currency: 'usd' };
    expect(checkoutTotals({ lines: [line(withEth)], currencyId: 'usd', trial, now: NOW }).amountDueNow).toBe(
      0n,
    );
    const inEth = checkoutTotals({ lines: [line(withEth)], currencyId: 'eth', trial, now: NOW });
    expect(inEth).toMatchObject({
      amountDueNow: 10n ** 16n,
      isTrialing: false,
      trial: { isTrialing: false },
    });
  });

  it('has no trial for a purchase with nothing recurring', () => {
    const totals = checkoutTotals({
      lines: [line(oneTime)],
      currencyId: 'usd',
      trial: { trial_period_days: 7 },
      now: NOW,
    });
    expect(totals).toMatchObject({ amountDueNow: 500n, isTrialing: false, trial: { isTrialing: false } });
  });

  it('uses the custom amount a payer chose', () => {
    const donation = makePricingPrice({
      unit_amount: null,
      custom_unit_amount: { preset: 500n, presets: [], minimum: 100n, maximum: null },
    });
    const totals = checkoutTotals({
      lines: [line(donation, 1, 2500n)],
      currencyId: 'usd',
      trial: null,
      now: NOW,
    });
    expect(totals.amountDueNow).toBe(2500n);
  });

  it('is all zero for no lines', () => {
    expect(checkoutTotals({ lines: [], currencyId: 'usd', trial: null, now: NOW })).toMatchObject({
      subtotal: 0n,
      amountDueNow: 0n,
      renewalAmount: 0n,
      lines: [],
    });
  });
});

describe('checkoutTotals against sums by hand', () => {
  const lineArbitrary = fc
    .record({
      kind: fc.constantFrom('one_time', 'licensed', 'metered'),
      unitAmount: fc.bigInt({ min: 0n, max: 10n ** 24n }),
      quantity: fc.integer({ min: 1, max: 1_000 }),
    })
    .map(({ kind, unitAmount, quantity }) => ({
      kind,
      unitAmount,
      quantity,
      input: line(
        kind === 'one_time'
          ? makePricingPrice({ unit_amount: unitAmount })
          : makeRecurringPrice(unitAmount, 'month', 1, kind === 'metered' ? 'metered' : 'licensed'),
        quantity,
      ),
    }));

  it('sums each kind of line the way the rules say', () => {
    fc.assert(
      fc.property(
        fc.array(lineArbitrary, { maxLength: 8 }),
        fc.option(fc.integer({ min: 0, max: 30 })),
        (lines, days) => {
          const trialing = days !== null && days > 0 && lines.some((l) => l.kind !== 'one_time');
          let subtotal = 0n;
          let dueNow = 0n;
          let renewal = 0n;
          for (const { kind, unitAmount, quantity } of lines) {
            const amount = unitAmount * BigInt(quantity);
            if (kind !== 'metered') subtotal += amount;
            if (kind === 'one_time' || (kind === 'licensed' && !trialing)) dueNow += amount;
            if (kind === 'licensed') renewal += amount;
          }
          const totals = checkoutTotals({
            lines: lines.map((l) => l.input),
            currencyId: 'usd',
            trial: { trial_period_days: days },
            now: NOW,
          });
          expect(totals).toMatchObject({
            subtotal,
            amountDueNow: dueNow,
            renewalAmount: renewal,
            isTrialing: trialing,
          });
          expect(totals.lines.reduce((sum, l) => (l.isDueNow ? sum + l.amount : sum), 0n)).toBe(
            totals.amountDueNow,
          );
        },
      ),
    );
  });
});
