import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PricingError } from './pricing-error.ts';
import { assertValidTiers, tieredAmount } from './tiers.ts';
import type { PricingTier } from './types.ts';

function tier(upTo: number | null, unitAmount: bigint | null, flatAmount: bigint | null = null): PricingTier {
  return { up_to: upTo, unit_amount: unitAmount, flat_amount: flatAmount };
}

// 1–10 at 5 each, 11–20 at 4 each plus 30 once, 21+ free but 100 once.
const TIERS = [tier(10, 5n), tier(20, 4n, 30n), tier(null, 0n, 100n)];

describe('assertValidTiers', () => {
  it('accepts ascending tiers ending open', () => {
    expect(() => assertValidTiers(TIERS)).not.toThrow();
    expect(() => assertValidTiers([tier(null, 7n)])).not.toThrow();
    expect(() => assertValidTiers([tier(1, null, 50n), tier(null, null, 80n)])).not.toThrow();
  });

  it.each<[string, PricingTier[] | null, string, string]>([
    ['no tiers', [], 'tiers', 'At least one tier is required'],
    ['null tiers', null, 'tiers', 'At least one tier is required'],
    ['a closed last tier', [tier(10, 5n)], 'tiers.0.up_to', 'The last tier must be open-ended (up_to null)'],
    [
      'an open middle tier',
      [tier(null, 5n), tier(null, 4n)],
      'tiers.0.up_to',
      'Only the last tier may be open-ended',
    ],
    ['equal bounds', [tier(10, 5n), tier(10, 4n), tier(null, 3n)], 'tiers.1.up_to', 'above 10'],
    ['descending bounds', [tier(10, 5n), tier(5, 4n), tier(null, 3n)], 'tiers.1.up_to', 'above 10'],
    ['a zero bound', [tier(0, 5n), tier(null, 4n)], 'tiers.0.up_to', 'above 0'],
    ['a fractional bound', [tier(2.5, 5n), tier(null, 4n)], 'tiers.0.up_to', 'whole number'],
    [
      'a tier charging nothing',
      [tier(10, null, null), tier(null, 4n)],
      'tiers.0',
      'unit_amount or a flat_amount',
    ],
    ['a negative unit amount', [tier(null, -1n)], 'tiers.0.unit_amount', 'Must not be negative'],
    ['a negative flat amount', [tier(null, 1n, -1n)], 'tiers.0.flat_amount', 'Must not be negative'],
  ])('rejects %s with a detail at its path', (_name, tiers, path, message) => {
    let caught: unknown;
    try {
      assertValidTiers(tiers);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PricingError);
    const error = caught as PricingError;
    expect(error.problem).toBe('invalid_tiers');
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toContainEqual({ path, message: expect.stringContaining(message) });
    expect(error.message).toContain(path);
  });

  it('lists every fault, not just the first', () => {
    try {
      assertValidTiers([tier(5, -1n), tier(3, 1n), tier(7, 1n)]);
      expect.unreachable();
    } catch (error) {
      expect((error as PricingError).details?.map((detail) => detail.path)).toEqual([
        'tiers.0.unit_amount',
        'tiers.1.up_to',
        'tiers.2.up_to',
      ]);
    }
  });
});

describe('tieredAmount', () => {
  it.each([
    [1, 5n],
    [10, 50n],
    [11, 50n + 4n + 30n],
    [20, 50n + 40n + 30n],
    [21, 50n + 40n + 30n + 100n],
    [1000, 50n + 40n + 30n + 100n],
  ])('graduated: quantity %i costs %i', (quantity, amount) => {
    expect(tieredAmount(TIERS, 'graduated', BigInt(quantity))).toBe(amount);
  });

  it.each([
    [1, 5n],
    [10, 50n],
    [11, 44n + 30n],
    [20, 80n + 30n],
    [21, 100n],
    [1000, 100n],
  ])('volume: quantity %i costs %i', (quantity, amount) => {
    expect(tieredAmount(TIERS, 'volume', BigInt(quantity))).toBe(amount);
  });

  it('charges flat-only tiers once per tier reached', () => {
    const flat = [tier(1, null, 900n), tier(5, null, 2000n), tier(null, null, 5000n)];
    expect(tieredAmount(flat, 'graduated', 1n)).toBe(900n);
    expect(tieredAmount(flat, 'graduated', 2n)).toBe(2900n);
    expect(tieredAmount(flat, 'graduated', 6n)).toBe(7900n);
    expect(tieredAmount(flat, 'volume', 5n)).toBe(2000n);
    expect(tieredAmount(flat, 'volume', 6n)).toBe(5000n);
  });

  it('keeps 18-decimal token amounts exact', () => {
    const wei = [tier(1, 10n ** 18n), tier(null, 5n * 10n ** 17n, 10n ** 18n + 1n)];
    expect(tieredAmount(wei, 'graduated', 3n)).toBe(10n ** 18n + 2n * 5n * 10n ** 17n + 10n ** 18n + 1n);
  });

  it('refuses invalid tiers and a missing mode', () => {
    expect(() => tieredAmount([tier(10, 5n)], 'graduated', 1n)).toThrow(PricingError);
    expect(() => tieredAmount(TIERS, null, 1n)).toThrow(/tiers_mode/);
  });
});

/** Valid tiers: ascending whole bounds, an open last tier, each charging something. */
const tiersArbitrary = fc
  .tuple(
    fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 5 }),
    fc.array(
      fc.tuple(
        fc.option(fc.bigInt({ min: 0n, max: 10n ** 20n })),
        fc.option(fc.bigInt({ min: 0n, max: 10n ** 20n })),
      ),
      {
        minLength: 6,
        maxLength: 6,
      },
    ),
  )
  .map(([bounds, amounts]) => {
    const upTos: (number | null)[] = [...bounds.sort((a, b) => a - b), null];
    return upTos.map((upTo, index) => {
      const [unitAmount, flatAmount] = amounts[index] ?? [null, null];
      return tier(upTo, unitAmount, unitAmount === null && flatAmount === null ? 0n : flatAmount);
    });
  });

/** Reference: which tier does the n-th unit (1-based) fall in? Walk the bounds one unit at a time. */
function tierIndexOfUnit(tiers: readonly PricingTier[], unit: number): number {
  return tiers.findIndex((candidate) => candidate.up_to === null || unit <= candidate.up_to);
}

describe('tieredAmount against a per-unit reference', () => {
  it('graduated equals charging unit by unit, plus each reached tier’s flat fee once', () => {
    fc.assert(
      fc.property(tiersArbitrary, fc.integer({ min: 1, max: 120 }), (tiers, quantity) => {
        let expected = 0n;
        const reached = new Set<number>();
        for (let unit = 1; unit <= quantity; unit += 1) {
          const index = tierIndexOfUnit(tiers, unit);
          expected += tiers[index]?.unit_amount ?? 0n;
          reached.add(index);
        }
        for (const index of reached) expected += tiers[index]?.flat_amount ?? 0n;
        expect(tieredAmount(tiers, 'graduated', BigInt(quantity))).toBe(expected);
      }),
    );
  });

  it('volume equals the last unit’s tier applied to every unit', () => {
    fc.assert(
      fc.property(tiersArbitrary, fc.integer({ min: 1, max: 120 }), (tiers, quantity) => {
        const applied = tiers[tierIndexOfUnit(tiers, quantity)];
        let expected = applied?.flat_amount ?? 0n;
        for (let unit = 1; unit <= quantity; unit += 1) expected += applied?.unit_amount ?? 0n;
        expect(tieredAmount(tiers, 'volume', BigInt(quantity))).toBe(expected);
      }),
    );
  });

  it('graduated never decreases as quantity grows', () => {
    fc.assert(
      fc.property(tiersArbitrary, fc.integer({ min: 1, max: 120 }), (tiers, quantity) => {
        const q = BigInt(quantity);
        expect(tieredAmount(tiers, 'graduated', q + 1n) >= tieredAmount(tiers, 'graduated', q)).toBe(true);
      }),
    );
  });

  it('any tiers the generator builds pass validation', () => {
    fc.assert(
      fc.property(tiersArbitrary, (tiers) => {
        expect(() => assertValidTiers(tiers)).not.toThrow();
      }),
    );
  });
});
