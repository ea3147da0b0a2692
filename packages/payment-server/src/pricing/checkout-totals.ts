import { lineAmount } from './line-amount.ts';
import { effectiveTrial, type EffectiveTrial, type TrialSettings } from './trial.ts';
import type { PricingPrice } from './types.ts';

export interface TotalsLineInput {
  price: PricingPrice;
  quantity: number;
  custom_amount: bigint | null;
}

export interface TotalsLine {
  price_id: string;
  /** quantity × price in the currency; for a metered line, the price of `quantity` units of usage. */
  amount: bigint;
  isDueNow: boolean;
  /** Billed in arrears from usage: never due now and outside subtotal and renewal. */
  isMetered: boolean;
}

export interface CheckoutTotals {
  /** Every line except metered ones, trial or not. */
  subtotal: bigint;
  /** What the payer is charged at checkout. */
  amountDueNow: bigint;
  /** What each period of the subscription charges for licensed items (metered usage comes on top). */
  renewalAmount: bigint;
  isTrialing: boolean;
  trial: EffectiveTrial;
  hasMeteredItems: boolean;
  lines: TotalsLine[];
}

export interface CheckoutTotalsInput {
  lines: readonly TotalsLineInput[];
  currencyId: string;
  trial: TrialSettings | null;
  /** Unix seconds. */
  now: number;
}

/**
 * The server's totals for a checkout. One-time items are due
 * now; recurring licensed items are due now unless the payer is trialing; metered items never
 * (usage is billed at the end of the period). A trial only counts when a line recurs, since a
 * one-time purchase has nothing to defer. Throws PricingError as `lineAmount` does.
 */
export function checkoutTotals(input: CheckoutTotalsInput): CheckoutTotals {
  const hasRecurring = input.lines.some((line) => line.price.type === 'recurring');
  const trial = effectiveTrial(input.trial, input.currencyId, input.now);
  const isTrialing = hasRecurring && trial.isTrialing;
  let subtotal = 0n;
  let amountDueNow = 0n;
  let renewalAmount = 0n;
  const lines = input.lines.map((line): TotalsLine => {
    const amount = lineAmount(line.price, input.currencyId, line.quantity, line.custom_amount);
    const recurring = line.price.type === 'recurring' ? line.price.recurring : null;
    const isMetered = recurring?.usage_type === 'metered';
    const isDueNow = !isMetered && !(recurring && isTrialing);
    if (!isMetered) subtotal += amount;
    if (isDueNow) amountDueNow += amount;
    if (recurring && !isMetered) renewalAmount += amount;
    return { price_id: line.price.id, amount, isDueNow, isMetered };
  });
  return {
    subtotal,
    amountDueNow,
    renewalAmount,
    isTrialing,
    trial: isTrialing ? trial : { isTrialing: false, trialEndsAt: null, display: null },
    hasMeteredItems: lines.some((line) => line.isMetered),
    lines,
  };
}
