import type { LineItem, Price } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import { z } from 'zod';
import { priceInCurrency } from '../prices/service.ts';

/** What a session stores per line; prices are read fresh, amounts are computed. */
export const sessionLinesJson = z.array(
  z.object({ price_id: z.string(), quantity: z.number().int().min(1), custom_amount: z.string().nullable() }),
);
export type SessionLine = z.infer<typeof sessionLinesJson>[number];

/** The amount a pay-what-you-want price starts at: its preset, else the middle preset, else its minimum. */
export function defaultCustomAmount(custom: NonNullable<Price['custom_unit_amount']>): string {
  return custom.preset ?? custom.presets[Math.floor(custom.presets.length / 2)] ?? custom.minimum ?? '0';
}

export interface PricedLines {
  lineItems: LineItem[];
  subtotal: bigint;
}

/**
 * Prices every line in one currency. A line whose price has no amount in that currency makes
 * the currency unusable for the session.
 */
export function priceLines(
  lines: readonly SessionLine[],
  prices: ReadonlyMap<string, Price>,
  currencyId: string,
): PricedLines {
  let subtotal = 0n;
  const lineItems = lines.map((line): LineItem => {
    const price = prices.get(line.price_id);
    const terms = price ? priceInCurrency(price, currencyId) : null;
    if (!price || !terms) {
      throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 'This payment method is not supported');
    }
    const unitAmount = terms.custom_unit_amount
      ? (line.custom_amount ?? defaultCustomAmount(terms.custom_unit_amount))
      : (terms.unit_amount ?? '0');
    const amount = BigInt(unitAmount) * BigInt(line.quantity);
    subtotal += amount;
    return {
      price_id: price.id,
      price,
      quantity: line.quantity,
      custom_amount: terms.custom_unit_amount ? unitAmount : null,
      amount_subtotal: amount.toString(),
    };
  });
  return { lineItems, subtotal };
}
