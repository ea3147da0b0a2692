import { formatAmount } from '@bazaar/money';
import type { LineItem, PaymentCurrency, Price } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { Recurrence } from '../../billing/index.ts';
import { validationFailed } from '../../http/validation-failed.ts';
import { checkTypedAmount, priceForCurrency } from '../../pricing/index.ts';
import { checkStock } from '../prices/service.ts';
import { toPricingPrice } from '../../pricing/from-wire.ts';
import { chargedPrice } from './line-items.ts';

/**
 * A pay-what-you-want amount: at most the currency's `maximum_precision` decimals
 * (amountPrecisionLimit), and between the price's minimum and maximum in that currency
 * (amountOutOfRange). `amount` is in the smallest unit.
 */
export function assertCustomAmount(price: Price, currency: PaymentCurrency, amount: bigint): void {
  const custom = priceForCurrency(toPricingPrice(price), currency.id)?.custom_unit_amount;
  if (!custom) throw new AppError('VALIDATION_FAILED', `Price ${price.id} does not take a custom amount`);
  const check = checkTypedAmount(formatAmount(amount, currency.decimal), currency, custom);
  if (check.ok) return;
  if (check.code === 'amountPrecisionLimit') {
    throw new AppError(
      'amountPrecisionLimit',
      `Amount decimal places must be less than or equal to ${check.maximumPrecision}`,
    );
  }
  if (check.code === 'amountOutOfRange') {
    const min = formatAmount(check.min, currency.decimal);
    const max = check.max === null ? '∞' : formatAmount(check.max, currency.decimal);
    throw new AppError('amountOutOfRange', `Please enter an amount between ${min} and ${max}.`);
  }
  throw new AppError('VALIDATION_FAILED', 'Invalid amount');
}

/** The original kit priced one pay-what-you-want line per checkout; two would need two inputs. */
export function assertOneCustomAmount(lines: readonly LineItem[]): void {
  if (lines.filter((line) => line.custom_amount !== null).length > 1) {
    throw new AppError('MULTIPLE_CUSTOM_AMOUNTS', 'Multiple items with custom unit amount are not supported');
  }
}

/**
 * Every line within its price's stock left (quantityNotEnough, "Exceed inventory") and its limit
 * per checkout (quantityLimitPerCheckout, "Exceed purchase limit").
 */
export function assertStock(lines: readonly LineItem[]): void {
  for (const line of lines) {
    const problem = checkStock(chargedPrice(line), line.quantity);
    if (problem === 'quantityNotEnough') throw new AppError('quantityNotEnough', 'Exceed inventory');
    if (problem === 'quantityLimitPerCheckout')
      throw new AppError('quantityLimitPerCheckout', 'Exceed purchase limit');
  }
}

/**
 * An archived price, or a price of an archived product, is no longer sold: not even to a session
 * opened before it was archived. Every line counts, upsold or not.
 */
export function assertOnSale(lines: readonly LineItem[]): void {
  for (const line of lines) {
    const price = chargedPrice(line);
    if (!price.active || !price.product.active) {
      throw new AppError('PRICE_INACTIVE', `Price ${price.id} is no longer sold`);
    }
  }
}

/** A link with `cross_sell_behavior: required` sells only together with its cross-sell item. */
export function assertCrossSell(input: {
  isRequired: boolean;
  crossSellPriceId: string | null;
  lines: readonly LineItem[];
}): void {
  if (!input.isRequired || !input.crossSellPriceId) return;
  if (!input.lines.some((line) => line.cross_sell && line.price_id === input.crossSellPriceId)) {
    throw new AppError('REQUIRE_CROSS_SELL', 'This checkout requires its recommended add-on');
  }
}

/**
 * A subscription renews all its items on one date, so its recurring lines (the upsell price
 * where chosen) must share one interval; the interval they share.
 */
export function subscriptionRecurrence(lines: readonly LineItem[]): Recurrence {
  const recurrences = lines.flatMap((line) => chargedPrice(line).recurring ?? []);
  const [first] = recurrences;
  const isShared = recurrences.every(
    (recurring) =>
      recurring.interval === first?.interval && recurring.interval_count === first.interval_count,
  );
  if (!first || !isShared) {
    throw validationFailed(
      'line_items',
      'A subscription renews all its items together: its recurring prices must share one interval',
    );
  }
  return { interval: first.interval, interval_count: first.interval_count };
}
