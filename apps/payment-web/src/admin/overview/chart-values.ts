import { formatAmount } from '@bazaar/money';
import type { MetricsInterval } from '@bazaar/schemas';

/**
 * An amount's height on a chart, for plotting only: the float may round an 18-decimal amount, so
 * every figure a person reads (totals, tooltips) is formatted from the exact string instead.
 */
export function toPlotValue(amount: string | bigint, decimals: number): number {
  return Number(formatAmount(amount, decimals));
}

/** A bucket's name on the x axis, in UTC as the server cuts them: `Nov 28` for days and weeks, `Nov 2026` for months. */
export function formatBucketStart(start: number, interval: MetricsInterval, locale: string): string {
  const options: Intl.DateTimeFormatOptions =
    interval === 'month'
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(start * 1000);
}

/** A rate in basis points as a percentage with one decimal: `9650` → `96.5%`. A rate is not money. */
export function formatRate(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(1)}%`;
}

/** A rate axis's tick in whole percent: `5000` → `50%`. */
export function formatRateTick(basisPoints: number): string {
  return `${Math.round(basisPoints / 100)}%`;
}

/** Axis ticks are approximate by nature: `1.2K`, `3M`. */
export function formatAxisTick(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** At most this many bucket names under a chart, so a month of days stays readable at phone width. */
const MAX_AXIS_LABELS = 4;

/** Which buckets are named on the x axis: every one when few, else evenly spaced. */
export function isLabelledBucket(index: number, bucketCount: number): boolean {
  return index % Math.ceil(bucketCount / MAX_AXIS_LABELS) === 0;
}

/**
 * Room under a chart for the bucket names: the charts shorten a label that does not fit its axis,
 * and a Chinese label (`11月28日`, set in a CJK font) needs more than the default.
 */
export const X_AXIS_HEIGHT_PX = 36;
