import { intervalSeconds } from '@bazaar/money';
import { lineAmount } from './line-amount.ts';
import { PricingError } from './pricing-error.ts';
import type { PricingPrice } from './types.ts';

/**
 * How much cheaper `toPrice` is than `fromPrice` over the same time, as a whole percent (the
 * upsell's savings the page shows): periods are minute 60 s, hour 3,600 s, day 86,400 s, week 7 days, month
 * 30 days, year 365 days, each × interval_count, and both prices are scaled to the longer period.
 *
 * Example: 10.00/month → 100.00/year. before = 10.00 × 365/30 = 121.666…, after = 100.00,
 * (121.666… − 100) / 121.666… = 17.8 % → 18.
 *
 * Scaling both prices to the same period cancels out of the ratio, so the percent is exactly
 * 100 × (from·P_to − to·P_from) / (from·P_to): computed on bigints, rounded half up, never below
 * 0 (a dearer target saves nothing) and 0 when the current price is free.
 */
export function savingsPercent(
  fromPrice: PricingPrice,
  toPrice: PricingPrice,
  currencyId: string,
  quantity = 1,
): number {
  const fromAmount = lineAmount(fromPrice, currencyId, quantity);
  const toAmount = lineAmount(toPrice, currencyId, quantity);
  const fromPeriod = BigInt(periodSeconds(fromPrice));
  const toPeriod = BigInt(periodSeconds(toPrice));
  const before = fromAmount * toPeriod;
  const saved = before - toAmount * fromPeriod;
  if (before <= 0n || saved <= 0n) return 0;
  return Number((200n * saved + before) / (2n * before));
}

function periodSeconds(price: PricingPrice): number {
  if (price.type !== 'recurring' || !price.recurring) {
    throw new PricingError(
      'not_recurring',
      `Price ${price.id} is not recurring, so it has no billing period`,
    );
  }
  return intervalSeconds(price.recurring.interval, price.recurring.interval_count);
}
