import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PlanChangeInput, prorate, previewPlanChange } from './proration.ts';

const DAY = 86_400;
const start = Date.UTC(2024, 2, 1) / 1000;
const end = start + 30 * DAY;
const TOKEN = 10n ** 18n;

const change = (overrides: Partial<PlanChangeInput>): PlanChangeInput => ({
  now: start + 10 * DAY,
  periodStart: start,
  periodEnd: end,
  oldAmount: 1000n,
  newAmount: 3000n,
  sameInterval: true,
  newPeriodEnd: end,
  customerCredit: 0n,
  ...overrides,
});

describe('prorate', () => {
  it.each<[string, bigint, number, bigint]>([
    ['a third, exact', 3000n, 10 * DAY, 1000n],
    ['two thirds, floored', 1000n, 20 * DAY, 666n],
    ['nothing left', 1000n, 0, 0n],
    ['the whole period', 1000n, 30 * DAY, 1000n],
    ['remaining clamped up to 0', 1000n, -5, 0n],
    ['remaining clamped down to the period', 1000n, 31 * DAY, 1000n],
    ['18 decimals, two thirds', 10n * TOKEN, 20 * DAY, 6_666_666_666_666_666_666n],
    ['beyond 2^53 stays exact', 2n ** 80n + 1n, 15 * DAY, 2n ** 79n],
  ])('%s', (_name, amount, remaining, expected) => {
    expect(prorate(amount, remaining, 30 * DAY)).toBe(expected);
  });

  it('refuses an empty period, a negative amount and fractional seconds', () => {
    expect(() => prorate(1000n, 0, 0)).toThrow(RangeError);
    expect(() => prorate(-1n, 10, 30)).toThrow(RangeError);
    expect(() => prorate(1000n, 1.5, 30)).toThrow(RangeError);
  });
});

describe('previewPlanChange', () => {
  it('upgrade mid-period: pays the new plan for the rest of the period less the unused old plan', () => {
    expect(previewPlanChange(change({}))).toEqual({
      unusedCredit: 666n,
      newCharge: 2000n,
      appliedCredit: 666n,
      amountDueToday: 1334n,
      newCredit: 0n,
      nextInvoiceAmount: 3000n,
      nextInvoiceAt: end,
      periodStart: start,
      periodEnd: end,
    });
  });

  it('upgrade spends the credit the customer already holds too', () => {
    const preview = previewPlanChange(change({ customerCredit: 500n }));
    expect(preview).toMatchObject({ appliedCredit: 1166n, amountDueToday: 834n, newCredit: 0n });
  });

  it('held credit larger than the charge leaves the rest on the balance', () => {
    const preview = previewPlanChange(change({ customerCredit: 5000n }));
    expect(preview).toMatchObject({ appliedCredit: 2000n, amountDueToday: 0n, newCredit: 3666n });
  });

  it('downgrade mid-period: unused credit beyond the new charge goes to the balance', () => {
    const preview = previewPlanChange(change({ oldAmount: 3000n, newAmount: 1000n, customerCredit: 100n }));
    expect(preview).toEqual({
      unusedCredit: 2000n,
      newCharge: 666n,
      appliedCredit: 666n,
      amountDueToday: 0n,
      newCredit: 1434n,
      nextInvoiceAmount: 1000n,
      nextInvoiceAt: end,
      periodStart: start,
      periodEnd: end,
    });
  });

  it('at the period start nothing is prorated: full credit, full charge', () => {
    const preview = previewPlanChange(change({ now: start }));
    expect(preview).toMatchObject({ unusedCredit: 1000n, newCharge: 3000n, amountDueToday: 2000n });
  });

  it('interval change restarts the cycle now and charges the new plan in full', () => {
    const now = start + 10 * DAY;
    const yearEnd = now + 365 * DAY;
    const preview = previewPlanChange(
      change({ now, newAmount: 10_000n, sameInterval: false, newPeriodEnd: yearEnd }),
    );
    expect(preview).toEqual({
      unusedCredit: 666n,
      newCharge: 10_000n,
      appliedCredit: 666n,
      amountDueToday: 9334n,
      newCredit: 0n,
      nextInvoiceAmount: 10_000n,
      nextInvoiceAt: yearEnd,
      periodStart: now,
      periodEnd: yearEnd,
    });
  });

  it('stays exact at 18 decimals', () => {
    const preview = previewPlanChange(change({ oldAmount: 10n * TOKEN, newAmount: 30n * TOKEN }));
    expect(preview).toMatchObject({
      unusedCredit: 6_666_666_666_666_666_666n,
      newCharge: 20n * TOKEN,
      amountDueToday: 13_333_333_333_333_333_334n,
      newCredit: 0n,
    });
  });

  it('refuses negative held credit and a restarted period that ends before now', () => {
    expect(() => previewPlanChange(change({ customerCredit: -1n }))).toThrow(RangeError);
    expect(() => previewPlanChange(change({ sameInterval: false, newPeriodEnd: start }))).toThrow(RangeError);
  });

  it('credit is conserved, never over-applied, and nothing negative is due', () => {
    const amount = fc.bigInt({ min: 0n, max: 10n ** 30n });
    fc.assert(
      fc.property(
        amount,
        amount,
        amount,
        fc.integer({ min: 1, max: 400 * DAY }),
        fc.integer({ min: 0, max: 400 * DAY }),
        fc.boolean(),
        (oldAmount, newAmount, customerCredit, periodSeconds, elapsed, sameInterval) => {
          const now = start + Math.min(elapsed, periodSeconds);
          const preview = previewPlanChange({
            now,
            periodStart: start,
            periodEnd: start + periodSeconds,
            oldAmount,
            newAmount,
            sameInterval,
            newPeriodEnd: now + 30 * DAY,
            customerCredit,
          });
          expect(preview.appliedCredit + preview.newCredit).toBe(preview.unusedCredit + customerCredit);
          expect(preview.amountDueToday + preview.appliedCredit).toBe(preview.newCharge);
          expect(preview.amountDueToday >= 0n).toBe(true);
          expect(preview.newCredit >= 0n).toBe(true);
          expect(preview.appliedCredit <= preview.newCharge).toBe(true);
          expect(preview.unusedCredit <= oldAmount).toBe(true);
          expect(preview.newCharge <= newAmount).toBe(true);
          // Credit is only left over when today's charge is fully paid.
          if (preview.newCredit > 0n) expect(preview.amountDueToday).toBe(0n);
        },
      ),
    );
  });
});
