import { checkoutTotals, type TotalsLineInput } from './checkout-totals.ts';
import { priceForCurrency } from './resolve-price-for-currency.ts';
import type { TrialSettings } from './trial.ts';

export interface CurrencyAmount {
  currency_id: string;
  amountDueNow: bigint;
  subtotal: bigint;
  renewalAmount: bigint;
}

export interface AmountsPerCurrencyInput {
  lines: readonly TotalsLineInput[];
  /** Candidates for the currency selector, in the order to show them. */
  currencyIds: readonly string[];
  /** The currency the lines' `custom_amount`s were chosen in; elsewhere the price's default applies. */
  sessionCurrencyId: string;
  trial: TrialSettings | null;
  /** Unix seconds. */
  now: number;
}

/**
 * Totals for every candidate currency in which every line has a price, for the currency
 * selector; a currency some line cannot be paid in is left out rather than shown as 0. Each
 * currency gets its own trial decision, since `trial_currency` may exclude it. A custom amount
 * is a number in one currency, so other currencies start from the price's default instead.
 */
export function amountsPerCurrency(input: AmountsPerCurrencyInput): CurrencyAmount[] {
  return input.currencyIds
    .filter((currencyId) => input.lines.every((line) => priceForCurrency(line.price, currencyId) !== null))
    .map((currencyId) => {
      const lines =
        currencyId === input.sessionCurrencyId
          ? input.lines
          : input.lines.map((line) => ({ ...line, custom_amount: null }));
      const totals = checkoutTotals({ lines, currencyId, trial: input.trial, now: input.now });
      return {
        currency_id: currencyId,
        amountDueNow: totals.amountDueNow,
        subtotal: totals.subtotal,
        renewalAmount: totals.renewalAmount,
      };
    });
}
