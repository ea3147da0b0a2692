import { AmountError, countDecimals, parseAmount, toUnits } from '@bazaar/money';
import type { PaymentCurrency, Price } from '@bazaar/schemas';

/** Most decimals a payer may type when the currency does not say (payment-kit.md §9). */
export const DEFAULT_MAXIMUM_PRECISION = 6;

/** A price's pay-what-you-want terms in one currency, every amount in the smallest unit. */
export interface CustomAmountTerms {
  presets: bigint[];
  minimum: bigint;
  maximum: bigint | null;
}

export function customAmountTermsIn(price: Price, currencyId: string): CustomAmountTerms | null {
  const option = price.currency_options.find((candidate) => candidate.currency_id === currencyId);
  const custom = option
    ? option.custom_unit_amount
    : price.currency_id === currencyId
      ? price.custom_unit_amount
      : null;
  if (!custom) return null;
  return {
    presets: custom.presets.map(toUnits).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    minimum: custom.minimum === null ? 0n : toUnits(custom.minimum),
    maximum: custom.maximum === null ? null : toUnits(custom.maximum),
  };
}

/** The preset a donation starts at: the middle one (payment-kit.md §9). */
export function middlePreset(presets: readonly bigint[]): bigint | null {
  return presets[Math.floor((presets.length - 1) / 2)] ?? null;
}

export type TypedAmountCheck =
  | { ok: true; units: bigint }
  | { ok: false; code: 'AMOUNT_INVALID' }
  | { ok: false; code: 'amountPrecisionLimit'; maximumPrecision: number }
  | { ok: false; code: 'amountOutOfRange'; min: bigint; max: bigint | null };

/**
 * What a payer typed, in token units, checked by the server's rules (payment-kit.md §5) so the
 * page refuses what the server would: at most `maximum_precision` decimals (never rounded), and
 * within `[minimum, maximum]`. `checkTypedAmount('12.5', usd, terms)` → `{ ok: true, units: 1250n }`.
 */
export function checkTypedAmount(
  token: string,
  currency: Pick<PaymentCurrency, 'decimal' | 'maximum_precision'>,
  terms: Pick<CustomAmountTerms, 'minimum' | 'maximum'>,
): TypedAmountCheck {
  const maximumPrecision = Math.min(
    currency.maximum_precision ?? DEFAULT_MAXIMUM_PRECISION,
    currency.decimal,
  );
  let units: bigint;
  try {
    const typedDecimals = countDecimals(token);
    parseAmount(token, typedDecimals);
    if (typedDecimals > maximumPrecision)
      return { ok: false, code: 'amountPrecisionLimit', maximumPrecision };
    units = parseAmount(token, currency.decimal);
  } catch (error) {
    if (error instanceof AmountError) return { ok: false, code: 'AMOUNT_INVALID' };
    throw error;
  }
  if (units < terms.minimum || (terms.maximum !== null && units > terms.maximum)) {
    return { ok: false, code: 'amountOutOfRange', min: terms.minimum, max: terms.maximum };
  }
  return { ok: true, units };
}

/**
 * A random amount for the "pick for me" button, between the smallest and the middle preset
 * (payment-kit.md §9), in steps the payer could have typed. `random` is in [0, 1).
 */
export function randomAmount(
  presets: readonly bigint[],
  currency: Pick<PaymentCurrency, 'decimal' | 'maximum_precision'>,
  random: number,
): bigint | null {
  const low = presets[0];
  const high = middlePreset(presets);
  if (low === undefined || high === null) return null;
  const precision = Math.min(currency.maximum_precision, currency.decimal);
  const step = 10n ** BigInt(currency.decimal - precision);
  const steps = (high - low) / step;
  const pick = BigInt(Math.floor(random * (Number(steps) + 1)));
  return low + (pick > steps ? steps : pick) * step;
}
