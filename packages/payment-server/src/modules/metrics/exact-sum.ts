import { AppError } from '@bazaar/server-kit';
import { sql, type RawBuilder } from 'kysely';

/**
 * Exact sums of decimal-string amounts in SQL, the same statement on SQLite and PostgreSQL.
 * SQLite cannot add 18-decimal amounts (64-bit integers overflow past 9.2 × 10^18, a cast
 * saturates silently) and reading every row to add them here is slow, so each amount is cut into
 * right-aligned slices of 12 digits, each slice is summed as an integer (exact for up to 9.2
 * million rows a group), and the slices are put back together with bigint. Every statement
 * groups by UTC day, which keeps groups far below that.
 */
const SLICE_DIGITS = 12;
const SLICES = 4;
/** Amounts longer than this (10^30 tokens of an 18-decimal currency) are refused, not cut. */
const MAX_DIGITS = SLICE_DIGITS * SLICES;
const PADDING = '0'.repeat(MAX_DIGITS);

export type SliceSums = { slice0: string; slice1: string; slice2: string; slice3: string; digits: number };

/**
 * Select expressions for the sum of `digits` (a text expression of a non-negative integer):
 * `slice0`…`slice3`, each sum as text (PostgreSQL's sum of bigint is numeric; text keeps
 * it whole through the driver), and `digits`, the longest amount, to refuse what would not fit.
 */
export function sliceSumSelections(digits: RawBuilder<string>) {
  const padded = sql<string>`substr(${PADDING} || ${digits}, length(${digits}) + 1)`;
  const slice = (index: number) =>
    sql<string>`cast(sum(cast(substr(${padded}, ${sql.lit(index * SLICE_DIGITS + 1)}, ${sql.lit(SLICE_DIGITS)}) as bigint)) as text)`;
  return [
    slice(0).as('slice0'),
    slice(1).as('slice1'),
    slice(2).as('slice2'),
    slice(3).as('slice3'),
    sql<number>`max(length(${digits}))`.as('digits'),
  ] as const;
}

/** The sum the slices of `sliceSumSelections` add up to. */
export function sumOfSlices(row: SliceSums): bigint {
  if (row.digits > MAX_DIGITS) {
    throw new AppError('INTERNAL', `An amount of ${row.digits} digits is beyond what metrics add up`);
  }
  const slices = [row.slice0, row.slice1, row.slice2, row.slice3];
  return slices.reduce((total, slice) => total * 10n ** BigInt(SLICE_DIGITS) + BigInt(slice), 0n);
}
