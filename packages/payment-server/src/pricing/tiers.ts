import type { ErrorDetail } from '@bazaar/schemas';
import { PricingError } from './pricing-error.ts';
import type { PricingTier, TiersMode } from './types.ts';

/**
 * Throws a PricingError (`problem: 'invalid_tiers'`, one detail per fault) unless the tiers can
 * price every quantity exactly once: at least one tier, `up_to` positive whole numbers strictly
 * ascending, only the last tier open-ended (`up_to: null`), each tier charging something
 * non-negative. Called when a price is created and again before every computation, so a bad
 * row can never price a line.
 */
export function assertValidTiers(
  tiers: readonly PricingTier[] | null | undefined,
): asserts tiers is readonly PricingTier[] {
  const faults: ErrorDetail[] = [];
  if (!tiers || tiers.length === 0) faults.push({ path: 'tiers', message: 'At least one tier is required' });
  let previousUpTo = 0;
  (tiers ?? []).forEach((tier, index, all) => {
    const path = `tiers.${index}`;
    const isLast = index === all.length - 1;
    if (tier.up_to === null) {
      if (!isLast)
        faults.push({ path: `${path}.up_to`, message: 'Only the last tier may be open-ended (up_to null)' });
    } else if (isLast) {
      faults.push({ path: `${path}.up_to`, message: 'The last tier must be open-ended (up_to null)' });
    } else if (!Number.isSafeInteger(tier.up_to) || tier.up_to <= previousUpTo) {
      faults.push({
        path: `${path}.up_to`,
        message: `up_to must be a whole number above ${previousUpTo} (tiers ascend)`,
      });
    } else {
      previousUpTo = tier.up_to;
    }
    if (tier.unit_amount === null && tier.flat_amount === null) {
      faults.push({ path, message: 'A tier needs a unit_amount or a flat_amount' });
    }
    if ((tier.unit_amount ?? 0n) < 0n)
      faults.push({ path: `${path}.unit_amount`, message: 'Must not be negative' });
    if ((tier.flat_amount ?? 0n) < 0n)
      faults.push({ path: `${path}.flat_amount`, message: 'Must not be negative' });
  });
  const [first] = faults;
  if (first) {
    throw new PricingError('invalid_tiers', `Invalid tiers: ${first.path}: ${first.message}`, faults);
  }
}

/**
 * Graduated: each tier charges its unit_amount for the units that fall inside it, plus its
 * flat_amount once when at least one unit does. 1..10 at 5, 11+ at 4: quantity 12 → 10×5 + 2×4.
 */
function graduatedAmount(tiers: readonly PricingTier[], quantity: bigint): bigint {
  let amount = 0n;
  let floor = 0n;
  for (const tier of tiers) {
    const ceiling = tier.up_to === null ? quantity : BigInt(tier.up_to);
    const units = (quantity < ceiling ? quantity : ceiling) - floor;
    if (units <= 0n) break;
    amount += units * (tier.unit_amount ?? 0n) + (tier.flat_amount ?? 0n);
    floor = ceiling;
  }
  return amount;
}

/** Volume: the tier holding the whole quantity prices every unit (quantity 12 above → 12×4). */
function volumeAmount(tiers: readonly PricingTier[], quantity: bigint): bigint {
  const tier = tiers.find((candidate) => candidate.up_to === null || quantity <= BigInt(candidate.up_to));
  // assertValidTiers guarantees an open-ended last tier, so some tier always matches.
  if (!tier) throw new PricingError('invalid_tiers', 'The last tier must be open-ended (up_to null)');
  return quantity * (tier.unit_amount ?? 0n) + (tier.flat_amount ?? 0n);
}

/** The amount `quantity` units cost under validated `tiers`. */
export function tieredAmount(
  tiers: readonly PricingTier[] | null,
  mode: TiersMode | null,
  quantity: bigint,
): bigint {
  assertValidTiers(tiers);
  if (mode === 'volume') return volumeAmount(tiers, quantity);
  if (mode === 'graduated') return graduatedAmount(tiers, quantity);
  throw new PricingError('invalid_tiers', 'A tiered price needs tiers_mode graduated or volume', [
    { path: 'tiers_mode', message: 'Must be graduated or volume' },
  ]);
}
