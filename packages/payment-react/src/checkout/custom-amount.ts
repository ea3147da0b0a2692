import { middlePreset, toUnits } from '@bazaar/money';
import type { PaymentCurrency, Price } from '@bazaar/schemas';

/**
 * A price's pay-what-you-want terms in one currency, every amount in the smallest unit. The
 * checks on what a payer types are @bazaar/money's `checkTypedAmount`, the server's own.
 */
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

/**
 * A random amount for the "pick for me" button, between the smallest and the middle preset, in
 * steps the payer could have typed. `random` is in [0, 1).
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
