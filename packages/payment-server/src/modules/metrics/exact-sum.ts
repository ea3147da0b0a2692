import { AppError } from '@bazaar/server-kit';
import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { PaymentDb } from '../../db/tables.ts';

/**
 * Exact sums of decimal-string amounts in SQL. PostgreSQL adds them as `numeric`, exactly and
 * fast. SQLite cannot: 64-bit integers overflow past 9.2 × 10^18 (an 18-decimal amount of ten
 * tokens) and a cast of a longer text saturates silently; reading every row to add them here is
 * slow. So on SQLite an amount of up to 12 digits is added as an integer (exact for up to 9.2
 * million rows a group, and every statement groups by UTC day), and a longer one is cut into
 * right-aligned slices of 12 digits, each slice summed apart and put back together with bigint.
 * Fiat amounts take the cheap path; only token amounts pay for the slicing.
 */
const SLICE_DIGITS = 12;
const SLICES = 4;
/** Amounts longer than this (10^30 tokens of an 18-decimal currency) are refused, not cut. */
const MAX_DIGITS = SLICE_DIGITS * SLICES;
const PADDING = '0'.repeat(MAX_DIGITS);

export type ExactSum = {
  sum_short: string;
  slice0: string;
  slice1: string;
  slice2: string;
  slice3: string;
  digits: number;
};

const isPostgres = (db: PaymentDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Select expressions whose row `sumOf` reads as the exact sum of `digits`, a text expression of
 * a non-negative integer. Every sum leaves the database as text: PostgreSQL's sum of bigint is
 * `numeric`, and the driver reads int8 as a JavaScript number.
 */
export function exactSumSelections(db: PaymentDb, digits: RawBuilder<string>) {
  if (isPostgres(db)) {
    const none = sql<string>`'0'`;
    return [
      sql<string>`cast(sum(cast(${digits} as numeric)) as text)`.as('sum_short'),
      none.as('slice0'),
      none.as('slice1'),
      none.as('slice2'),
      none.as('slice3'),
      sql<number>`0`.as('digits'),
    ] as const;
  }
  const isShort = sql<boolean>`length(${digits}) <= ${sql.lit(SLICE_DIGITS)}`;
  const padded = sql<string>`substr(${PADDING} || ${digits}, length(${digits}) + 1)`;
  const slice = (index: number) =>
    sql<string>`cast(sum(case when ${isShort} then 0 else cast(substr(${padded}, ${sql.lit(index * SLICE_DIGITS + 1)}, ${sql.lit(SLICE_DIGITS)}) as integer) end) as text)`;
  return [
    sql<string>`cast(sum(case when ${isShort} then cast(${digits} as integer) else 0 end) as text)`.as(
      'sum_short',
    ),
    slice(0).as('slice0'),
    slice(1).as('slice1'),
    slice(2).as('slice2'),
    slice(3).as('slice3'),
    sql<number>`max(length(${digits}))`.as('digits'),
  ] as const;
}

/** The sum the columns of `exactSumSelections` hold. */
export function sumOf(row: ExactSum): bigint {
  if (row.digits > MAX_DIGITS) {
    throw new AppError('INTERNAL', `An amount of ${row.digits} digits is beyond what metrics add up`);
  }
  const slices = [row.slice0, row.slice1, row.slice2, row.slice3];
  const long = slices.reduce((total, slice) => total * 10n ** BigInt(SLICE_DIGITS) + BigInt(slice), 0n);
  return BigInt(row.sum_short) + long;
}
