import { invalidParam } from './api-error.ts';

/** How many minor units make a major one (2 for usd, 0 for jpy), as Intl knows it. */
function fractionDigitsOf(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** An amount in minor units as Stripe's messages show it, e.g. 1999 usd → "$19.99". */
export function formatAmount(amount: number, currency: string): string {
  const digits = fractionDigitsOf(currency);
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 10 ** digits,
  );
}

/** Stripe's minimum charge amounts (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts), in minor units. */
const MINIMUM_AMOUNTS: Record<string, number> = {
  usd: 50,
  eur: 50,
  gbp: 30,
  cad: 50,
  aud: 50,
  chf: 50,
  jpy: 50,
  cny: 400,
  hkd: 400,
  sgd: 50,
};

const MAXIMUM_AMOUNT = 99_999_999;

export function readCurrency(value: string): string {
  const currency = value.toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) {
    throw invalidParam('currency', `Invalid currency: ${value}.`);
  }
  return currency;
}

export function assertChargeableAmount(amount: number, currency: string): void {
  const minimum = MINIMUM_AMOUNTS[currency] ?? 1;
  if (amount < minimum) {
    throw invalidParam(
      'amount',
      `Amount must be at least ${formatAmount(minimum, currency)} ${currency}`,
      'amount_too_small',
    );
  }
  if (amount > MAXIMUM_AMOUNT) {
    throw invalidParam(
      'amount',
      `Amount must be no more than ${formatAmount(MAXIMUM_AMOUNT, currency)}`,
      'amount_too_large',
    );
  }
}
