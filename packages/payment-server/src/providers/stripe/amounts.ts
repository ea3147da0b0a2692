import { AppError } from '@bazaar/server-kit';

// Stripe counts most currencies in hundredths; these in whole units or thousandths
// (https://docs.stripe.com/currencies#zero-decimal).
const ZERO_DECIMAL = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** A currency as both sides count it: our decimals, Stripe's code and decimals. */
export interface StripeCurrency {
  code: string;
  decimal: number;
  stripeDecimal: number;
}

/** Our currency (its symbol is the ISO 4217 code, as Stripe needs) in Stripe's terms. */
export function toStripeCurrency(currency: { symbol: string; decimal: number }): StripeCurrency {
  const code = currency.symbol.toLowerCase();
  if (!/^[a-z]{3}$/.test(code)) {
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE', `${currency.symbol} is not a currency Stripe takes`);
  }
  const stripeDecimal = ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2;
  return { code, decimal: currency.decimal, stripeDecimal };
}

/** Our amount in Stripe's minor units; an amount finer than Stripe counts is refused, never rounded. */
export function toStripeAmount(amount: bigint, currency: StripeCurrency): bigint {
  const shift = currency.stripeDecimal - currency.decimal;
  if (shift >= 0) return amount * 10n ** BigInt(shift);
  const divisor = 10n ** BigInt(-shift);
  if (amount % divisor !== 0n) {
    throw new AppError(
      'PAYMENT_METHOD_UNAVAILABLE',
      `Stripe counts ${currency.code.toUpperCase()} to ${currency.stripeDecimal} decimals`,
    );
  }
  return amount / divisor;
}

/** Stripe's minor units back in ours. */
export function fromStripeAmount(amount: number, currency: StripeCurrency): bigint {
  const shift = currency.decimal - currency.stripeDecimal;
  const value = BigInt(amount);
  return shift >= 0 ? value * 10n ** BigInt(shift) : value / 10n ** BigInt(-shift);
}

/** The SDK takes amounts as numbers; Stripe's limit (8 digits) is far inside the safe range. */
export function toSdkAmount(amount: bigint): number {
  if (amount > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 'The amount is more than Stripe takes');
  }
  return Number(amount);
}
