/** A whole in basis points: shares are integers, 100% = 10 000 (33.33% = 3 333). */
export const BASIS_POINTS_WHOLE = 10_000;

/**
 * Equal shares of a whole, in basis points; the points left over go one each to the first
 * shares so they add up: `equalShares(3)` → `[3334, 3333, 3333]`.
 */
export function equalShares(count: number): number[] {
  const share = Math.floor(BASIS_POINTS_WHOLE / count);
  const left = BASIS_POINTS_WHOLE - share * count;
  return Array.from({ length: count }, (_, index) => share + (index < left ? 1 : 0));
}

/**
 * Splits `total` by shares in basis points that add up to a whole. Each part is its share
 * rounded down, and the units left over (fewer than there are shares) go one each to the first
 * parts, so the parts always add up to `total`: `splitAmount(100n, [3334, 3333, 3333])` →
 * `[34n, 33n, 33n]`.
 */
export function splitAmount(total: bigint, shares: readonly number[]): bigint[] {
  const whole = BigInt(BASIS_POINTS_WHOLE);
  const parts = shares.map((share) => (total * BigInt(share)) / whole);
  let left = total - parts.reduce((sum, part) => sum + part, 0n);
  return parts.map((part) => {
    if (left <= 0n) return part;
    left -= 1n;
    return part + 1n;
  });
}
