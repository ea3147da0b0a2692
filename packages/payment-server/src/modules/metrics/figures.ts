import type { CurrencyMetrics } from '@bazaar/schemas';
import type { MrrKind } from './mrr.ts';

/** A bucket's (or the range's) figures in one currency while they are added up: money as bigint. */
export type Figures = {
  gross_volume: bigint;
  refunds: bigint;
  donations: bigint;
  payment_count: number;
  refund_count: number;
  donation_count: number;
} & Record<MrrKind, bigint>;

export function emptyFigures(): Figures {
  return {
    gross_volume: 0n,
    refunds: 0n,
    donations: 0n,
    payment_count: 0,
    refund_count: 0,
    donation_count: 0,
    new: 0n,
    expansion: 0n,
    contraction: 0n,
    churn: 0n,
  };
}

/** The figures as the wire carries them: amounts as decimal strings, net revenue derived. */
export function moneyToWire(figures: Figures): CurrencyMetrics['totals'] {
  return {
    gross_volume: figures.gross_volume.toString(),
    refunds: figures.refunds.toString(),
    net_revenue: (figures.gross_volume - figures.refunds).toString(),
    donations: figures.donations.toString(),
    payment_count: figures.payment_count,
    refund_count: figures.refund_count,
    donation_count: figures.donation_count,
  };
}

export function movementToWire(figures: Figures): Record<MrrKind, string> {
  return {
    new: figures.new.toString(),
    expansion: figures.expansion.toString(),
    contraction: figures.contraction.toString(),
    churn: figures.churn.toString(),
  };
}

/** Attempts and their success rate in whole basis points, rounded down; null without attempts. */
export function attemptRate(succeeded: number, failed: number) {
  const attempts = succeeded + failed;
  return {
    succeeded,
    failed,
    rate_bp: attempts === 0 ? null : Math.floor((succeeded * 10_000) / attempts),
  };
}

/**
 * The running value of `steps` (each `delta` at `at`, in any order) at each of `times` (ascending),
 * counting steps at or before each time: one sort and one pass, whatever the number of buckets.
 */
export function valuesAt(
  steps: readonly { at: number; delta: bigint }[],
  times: readonly number[],
): bigint[] {
  const sorted = [...steps].sort((a, b) => a.at - b.at);
  const values: bigint[] = [];
  let value = 0n;
  let next = 0;
  for (const time of times) {
    while (next < sorted.length && sorted[next]!.at <= time) value += sorted[next++]!.delta;
    values.push(value);
  }
  return values;
}
