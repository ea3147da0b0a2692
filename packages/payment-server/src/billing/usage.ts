/** One reported usage figure for a metered subscription item. */
export interface UsageEntry {
  quantity: bigint;
  /** When the usage happened (unix seconds); decides which period it is billed in. */
  timestamp: number;
  /** `set` replaces the running total (a meter reading), `increment` adds to it. */
  action: 'increment' | 'set';
  /** When it was reported; orders entries that share a timestamp. */
  created_at: number;
}

/**
 * Usage in [from, to): entries replayed in (timestamp, created_at) order, so a late report of
 * an earlier moment lands where it happened, not where it arrived. Entries equal on both keep
 * their given order. `[inc 5, set 2, inc 1]` → `3n`.
 */
export function aggregateUsage(entries: readonly UsageEntry[], from: number, to: number): bigint {
  return entries
    .filter((entry) => entry.timestamp >= from && entry.timestamp < to)
    .sort((a, b) => a.timestamp - b.timestamp || a.created_at - b.created_at)
    .reduce((total, entry) => (entry.action === 'set' ? entry.quantity : total + entry.quantity), 0n);
}
