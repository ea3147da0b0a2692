import { toUnits } from '@bazaar/money';
import type { CheckoutSession, LineItem, PaymentMethod, Price } from '@bazaar/schemas';

/** A price's unit amount in one currency: its own when it is priced in it, else its currency option. */
export function unitAmountIn(price: Price, currencyId: string): bigint | null {
  const option = price.currency_options.find((candidate) => candidate.currency_id === currencyId);
  const amount = option ? option.unit_amount : price.currency_id === currencyId ? price.unit_amount : null;
  const custom = option ? option.custom_unit_amount : price.custom_unit_amount;
  const fallback = custom ? (custom.preset ?? custom.presets[0] ?? null) : null;
  const chosen = amount ?? fallback;
  return chosen === null ? null : toUnits(chosen);
}

/** The price a line is charged at: its upsell price while the payer chose the upsell. */
export function linePrice(item: LineItem): Price {
  return item.upsell_price ?? item.price;
}

/**
 * A line's amount: the server's `amount_subtotal` in the session's currency; in another
 * currency the unit price there times the quantity (the server prices only the session's currency per line).
 */
export function lineAmountIn(item: LineItem, session: CheckoutSession, currencyId: string): bigint {
  if (currencyId === session.currency_id) return toUnits(item.amount_subtotal);
  const unit = unitAmountIn(linePrice(item), currencyId);
  return unit === null ? 0n : unit * BigInt(item.quantity);
}

/** What is due today in a currency, as the server computed it; null when it cannot be paid in it. */
export function amountDueIn(session: CheckoutSession, currencyId: string): bigint | null {
  const listed = session.currency_amounts.find((amount) => amount.currency_id === currencyId);
  if (listed) return toUnits(listed.amount_due_now);
  return currencyId === session.currency_id ? toUnits(session.amount_due_now) : null;
}

/** What renews every period in a currency, as the server computed it; null when it cannot be paid in it. */
export function renewalIn(session: CheckoutSession, currencyId: string): bigint | null {
  const listed = session.currency_amounts.find((amount) => amount.currency_id === currencyId);
  if (listed) return toUnits(listed.amount_renewal);
  return currencyId === session.currency_id ? toUnits(session.amount_renewal) : null;
}

const larger = (a: bigint, b: bigint) => (a > b ? a : b);

/**
 * The staking deposit the arcblock method asks of a subscription beside its price, to guarantee
 * future invoices: the larger of the link's billing threshold and minimum stake, else one period of
 * the licensed lines; null when there is none. The two terms are amounts of the session's currency,
 * so in another currency one period stands in for them.
 */
export function stakeIn(session: CheckoutSession, option: PaymentOption): bigint | null {
  if (option.method.type !== 'arcblock' || session.mode !== 'subscription') return null;
  const terms = option.currency.id === session.currency_id ? session.subscription_data : null;
  const threshold = terms
    ? larger(toUnits(terms.billing_threshold_amount), toUnits(terms.min_stake_amount))
    : 0n;
  const stake = threshold > 0n ? threshold : (renewalIn(session, option.currency.id) ?? 0n);
  return stake > 0n ? stake : null;
}

/** What the payer hands over now with this option: what is due today plus any staking deposit. */
export function totalDueIn(session: CheckoutSession, option: PaymentOption): bigint | null {
  const due = amountDueIn(session, option.currency.id);
  return due === null ? null : due + (stakeIn(session, option) ?? 0n);
}

export type LineItemProblem = 'quantityNotEnough' | 'quantityLimitPerCheckout';

/** Stock and per-checkout limits; a line with a problem blocks submit. */
export function lineItemProblem(item: LineItem): LineItemProblem | null {
  const {
    quantity_available: available,
    quantity_sold: sold,
    quantity_limit_per_checkout: limit,
  } = linePrice(item);
  if (available > 0 && sold + item.quantity > available) return 'quantityNotEnough';
  if (limit > 0 && limit < item.quantity) return 'quantityLimitPerCheckout';
  return null;
}

export interface PaymentOption {
  method: PaymentMethod;
  currency: PaymentMethod['payment_currencies'][number];
}

/**
 * Every active (method × currency) pair a payer can choose; with a session, only the currencies
 * the server can price all of its lines in (a USD-only item is not offered in EUR).
 */
export function paymentOptions(methods: PaymentMethod[], session?: CheckoutSession): PaymentOption[] {
  return methods
    .filter((method) => method.active)
    .flatMap((method) =>
      method.payment_currencies
        .filter((currency) => currency.active)
        .filter((currency) => !session || amountDueIn(session, currency.id) !== null)
        .map((currency) => ({ method, currency })),
    );
}

/**
 * The preselected option: the first preferred currency the session offers (`?currencyId`, then
 * the payer's remembered choice), else the session's currency, else the first option.
 */
export function defaultPaymentOption(
  options: PaymentOption[],
  sessionCurrencyId: string,
  preferredCurrencyIds: ReadonlyArray<string | null | undefined> = [],
): PaymentOption | null {
  const byCurrency = (id: string | null | undefined) =>
    id ? options.find((option) => option.currency.id === id) : undefined;
  for (const id of preferredCurrencyIds) {
    const preferred = byCurrency(id);
    if (preferred) return preferred;
  }
  return byCurrency(sessionCurrencyId) ?? options[0] ?? null;
}
