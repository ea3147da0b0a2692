import {
  customUnitAmountSchema,
  metadataSchema,
  priceSchema,
  priceTierSchema,
  recurringSchema,
  type Price,
} from '@bazaar/schemas';
import { z } from 'zod';
import { fromFlag, readJson, readJsonOrNull } from '../../db/json.ts';
import type { PaymentDb } from '../../db/tables.ts';
import { getProductsById } from '../products/service.ts';
import {
  findPlanChangeCandidateRows,
  findPriceRows,
  findPriceStockRows,
  findPriceRowsWithUpsellTargets,
  releaseStock,
  takeStock,
  type PriceRow,
} from './repository.ts';

export { releaseStock, takeStock };

/** `quantity_sold` of each price right now, by id. */
export async function readSoldQuantities(
  db: PaymentDb,
  ids: readonly string[],
): Promise<Map<string, number>> {
  const rows = ids.length === 0 ? [] : await findPriceStockRows(db, ids);
  return new Map(rows.map((row) => [row.id, row.quantity_sold]));
}

const currencyOptionsJson = z.array(
  z.object({
    currency_id: z.string(),
    unit_amount: z.string().nullable(),
    custom_unit_amount: customUnitAmountSchema.nullable(),
    // Options written before tiers existed carry no `tiers` key.
    tiers: z.array(priceTierSchema).nullable().default(null),
  }),
);
const tiersJson = z.array(priceTierSchema);

function toPrice(row: PriceRow, product: Price['product']): Price {
  return {
    id: row.id,
    product_id: row.product_id,
    product,
    active: fromFlag(row.active),
    type: row.type === 'recurring' ? 'recurring' : 'one_time',
    currency_id: row.currency_id,
    unit_amount: row.unit_amount,
    custom_unit_amount: readJsonOrNull(customUnitAmountSchema, row.custom_unit_amount),
    currency_options: readJson(currencyOptionsJson, row.currency_options),
    billing_scheme: priceSchema.shape.billing_scheme.parse(row.billing_scheme),
    tiers_mode: priceSchema.shape.tiers_mode.parse(row.tiers_mode),
    tiers: readJsonOrNull(tiersJson, row.tiers),
    upsell: row.upsells_to_id === null ? null : { upsells_to_id: row.upsells_to_id },
    nickname: row.nickname,
    metadata: readJson(metadataSchema, row.metadata),
    recurring: readJsonOrNull(recurringSchema, row.recurring),
    quantity_available: row.quantity_available,
    quantity_sold: row.quantity_sold,
    quantity_limit_per_checkout: row.quantity_limit_per_checkout,
    livemode: fromFlag(row.livemode),
  };
}

/** Prices with their products, keyed by id; unknown ids are simply absent. */
export async function getPricesById(db: PaymentDb, ids: readonly string[]): Promise<Map<string, Price>> {
  return withProducts(db, await findPriceRows(db, [...new Set(ids)]));
}

/** Like getPricesById, plus the prices those upsell to, loaded in the same query. */
export async function getPricesWithUpsellTargets(
  db: PaymentDb,
  ids: readonly string[],
): Promise<Map<string, Price>> {
  return withProducts(db, await findPriceRowsWithUpsellTargets(db, [...new Set(ids)]));
}

/** The active prices a subscription on `price` might move to (see findPlanChangeCandidateRows). */
export async function getPlanChangeCandidates(db: PaymentDb, price: Price): Promise<Price[]> {
  const rows = await findPlanChangeCandidateRows(db, {
    priceId: price.id,
    productId: price.product_id,
    upsellsToId: price.upsell?.upsells_to_id ?? null,
    livemode: price.livemode,
  });
  return [...(await withProducts(db, rows)).values()];
}

async function withProducts(db: PaymentDb, rows: readonly PriceRow[]): Promise<Map<string, Price>> {
  const products = await getProductsById(
    db,
    rows.map((row) => row.product_id),
  );
  const prices = new Map<string, Price>();
  for (const row of rows) {
    const product = products.get(row.product_id);
    if (product) prices.set(row.id, toPrice(row, product));
  }
  return prices;
}

export interface PriceInCurrency {
  unit_amount: string | null;
  custom_unit_amount: Price['custom_unit_amount'];
}

/** What a price asks in one currency: its own currency, or a matching currency option. */
export function priceInCurrency(price: Price, currencyId: string): PriceInCurrency | null {
  if (price.currency_id === currencyId) {
    return { unit_amount: price.unit_amount, custom_unit_amount: price.custom_unit_amount };
  }
  const option = price.currency_options.find((o) => o.currency_id === currencyId);
  return option ? { unit_amount: option.unit_amount, custom_unit_amount: option.custom_unit_amount } : null;
}

export type StockProblem = 'quantityNotEnough' | 'quantityLimitPerCheckout';

/**
 * A line's inventory rules, checked before any write: with `quantity_available` above 0 the sold
 * units plus this quantity may not exceed it; with `quantity_limit_per_checkout` above 0 the
 * quantity may not exceed that.
 */
export function checkStock(price: Price, quantity: number): StockProblem | null {
  if (price.quantity_available > 0 && price.quantity_sold + quantity > price.quantity_available) {
    return 'quantityNotEnough';
  }
  if (price.quantity_limit_per_checkout > 0 && quantity > price.quantity_limit_per_checkout) {
    return 'quantityLimitPerCheckout';
  }
  return null;
}
