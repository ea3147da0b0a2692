import type { LineItem, Price } from '@bazaar/schemas';
import { notFound } from '@bazaar/server-kit';
import { z } from 'zod';
import {
  amountsPerCurrency,
  checkoutTotals,
  defaultCustomUnitAmount,
  priceForCurrency,
  savingsPercent,
  type CheckoutTotals,
  type CurrencyAmount,
  type TotalsLineInput,
  type TrialSettings,
} from '../../pricing/index.ts';
import { toPricingPrice } from '../../pricing/from-wire.ts';

/**
 * What a session stores per line; prices are read fresh, amounts are computed. `custom_amount`
 * is in the session's currency (null: the price's default); `upsell_price_id` is the price
 * charged instead of `price_id` while the payer chose the upsell.
 */
export const sessionLinesJson = z.array(
  z.object({
    price_id: z.string(),
    quantity: z.number().int().min(1),
    custom_amount: z.string().nullable(),
    upsell_price_id: z.string().nullable().default(null),
    cross_sell: z.boolean().default(false),
  }),
);
export type SessionLine = z.output<typeof sessionLinesJson>[number];

/** The price a line charges: its upsell while chosen, else its own. */
export const chargedPriceId = (line: SessionLine): string => line.upsell_price_id ?? line.price_id;

/** The same for a priced line: the price it charges. */
export const chargedPrice = (item: LineItem): Price => item.upsell_price ?? item.price;

/** Every price a set of lines refers to, to load them in one query. */
export const linePriceIds = (lines: readonly SessionLine[]): string[] =>
  lines.flatMap((line) => (line.upsell_price_id ? [line.price_id, line.upsell_price_id] : [line.price_id]));

function requirePrice(prices: ReadonlyMap<string, Price>, id: string): Price {
  const price = prices.get(id);
  if (!price) throw notFound('price', id);
  return price;
}

function totalsInputs(lines: readonly SessionLine[], prices: ReadonlyMap<string, Price>): TotalsLineInput[] {
  return lines.map((line) => ({
    price: toPricingPrice(requirePrice(prices, chargedPriceId(line))),
    quantity: line.quantity,
    custom_amount: line.custom_amount === null ? null : BigInt(line.custom_amount),
  }));
}

/** What choosing `to` over `from` saves, in `currencyId`; 0 when either is not recurring. */
export function upsellSavings(from: Price, to: Price, currencyId: string): number {
  if (from.type !== 'recurring' || to.type !== 'recurring') return 0;
  return savingsPercent(toPricingPrice(from), toPricingPrice(to), currencyId);
}

/**
 * The upsell a line can still switch to, as PUT …/upsell would accept it: single-line sessions
 * only, not already upsold, an active target priced in the currency. Its target must be in
 * `prices` (loaded with getPricesWithUpsellTargets), else none is offered.
 */
function upsellOffer(input: SessionPricingInput, line: SessionLine): LineItem['upsell_offer'] {
  if (input.lines.length !== 1 || line.upsell_price_id !== null) return null;
  const price = requirePrice(input.prices, line.price_id);
  const target = price.upsell ? input.prices.get(price.upsell.upsells_to_id) : undefined;
  if (!target?.active || !priceForCurrency(toPricingPrice(target), input.currencyId)) return null;
  return { price: target, savings_percent: upsellSavings(price, target, input.currencyId) };
}

export interface SessionPricingInput {
  lines: readonly SessionLine[];
  prices: ReadonlyMap<string, Price>;
  currencyId: string;
  trial: TrialSettings | null;
  /** Unix seconds: a `trial_end` in the past no longer counts. */
  now: number;
}

export interface PricedSession {
  lineItems: LineItem[];
  totals: CheckoutTotals;
}

/**
 * Prices every line in one currency through the pricing math. A line whose price has no amount
 * in that currency makes the currency unusable (PAYMENT_METHOD_UNAVAILABLE).
 */
export function priceSession(input: SessionPricingInput): PricedSession {
  const inputs = totalsInputs(input.lines, input.prices);
  const totals = checkoutTotals({
    lines: inputs,
    currencyId: input.currencyId,
    trial: input.trial,
    now: input.now,
  });
  const lineItems = input.lines.map((line, index): LineItem => {
    const custom = priceForCurrency(inputs[index]!.price, input.currencyId)?.custom_unit_amount ?? null;
    const upsellPrice = line.upsell_price_id ? requirePrice(input.prices, line.upsell_price_id) : null;
    return {
      price_id: line.price_id,
      price: requirePrice(input.prices, line.price_id),
      quantity: line.quantity,
      custom_amount: custom ? (line.custom_amount ?? defaultCustomUnitAmount(custom).toString()) : null,
      amount_subtotal: totals.lines[index]!.amount.toString(),
      upsell_price_id: line.upsell_price_id,
      upsell_price: upsellPrice,
      upsell_offer: upsellOffer(input, line),
      cross_sell: line.cross_sell,
    };
  });
  return { lineItems, totals };
}

/** What is due now in each of `currencyIds` the lines can all be paid in. */
export function dueNowPerCurrency(
  input: SessionPricingInput & { currencyIds: readonly string[] },
): CurrencyAmount[] {
  return amountsPerCurrency({
    lines: totalsInputs(input.lines, input.prices),
    currencyIds: input.currencyIds,
    sessionCurrencyId: input.currencyId,
    trial: input.trial,
    now: input.now,
  });
}
