import { AmountError, countDecimals, parseAmount } from './amount.ts';

/**
 * Checks for pay-what-you-want amounts. They return a result instead of throwing because a form
 * shows each failure next to the field, with the bounds in the message.
 */
export type CustomAmountCheck =
  | { ok: true; units: bigint }
  | { ok: false; code: 'AMOUNT_INVALID' }
  | { ok: false; code: 'amountPrecisionLimit'; maximumPrecision: number }
  | { ok: false; code: 'amountOutOfRange'; min: bigint; max: bigint | null };

export interface CustomAmountRange {
  minimum?: bigint | null;
  maximum?: bigint | null;
}

export interface TypedAmountCurrency {
  decimal: number;
  /** Most decimals a payer may type; 6 when the currency does not say (the donation default). */
  maximum_precision?: number;
}

export const DEFAULT_MAXIMUM_PRECISION = 6;

/**
 * An amount in the smallest unit against `[minimum ?? 0, maximum ?? unlimited]`, both inclusive:
 * `checkCustomAmount(500n, { minimum: 100n, maximum: 1000n })` → `{ ok: true, units: 500n }`.
 */
export function checkCustomAmount(amountUnits: bigint, range: CustomAmountRange = {}): CustomAmountCheck {
  const min = range.minimum ?? 0n;
  const max = range.maximum ?? null;
  if (amountUnits < min || (max !== null && amountUnits > max)) {
    return { ok: false, code: 'amountOutOfRange', min, max };
  }
  return { ok: true, units: amountUnits };
}

/**
 * What a payer typed, in token units: `checkTypedAmount('12.5', { decimal: 2, maximum_precision: 2 })`
 * → `{ ok: true, units: 1250n }`. Too many decimals is refused, never rounded, so the payer is
 * charged exactly what they read.
 */
export function checkTypedAmount(
  token: string,
  currency: TypedAmountCurrency,
  range: CustomAmountRange = {},
): CustomAmountCheck {
  const maximumPrecision = Math.min(
    currency.maximum_precision ?? DEFAULT_MAXIMUM_PRECISION,
    currency.decimal,
  );
  let units: bigint;
  try {
    // Parsing at the token's own precision first tells a malformed token apart from a merely
    // too precise one.
    const typedDecimals = countDecimals(token);
    parseAmount(token, typedDecimals);
    if (typedDecimals > maximumPrecision) {
      return { ok: false, code: 'amountPrecisionLimit', maximumPrecision };
    }
    units = parseAmount(token, currency.decimal);
  } catch (error) {
    if (error instanceof AmountError) return { ok: false, code: 'AMOUNT_INVALID' };
    throw error;
  }
  return checkCustomAmount(units, range);
}

/**
 * The preset a pay-what-you-want amount starts at: the middle one, the upper middle of an even
 * list: `middlePreset([100n, 500n, 1000n])` → `500n`.
 */
export function middlePreset(presets: readonly bigint[]): bigint | null {
  return presets[Math.floor(presets.length / 2)] ?? null;
}
