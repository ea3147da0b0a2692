import type { MetricsTopProducts, Price } from '@bazaar/schemas';
import type { PaymentDb } from '../../db/tables.ts';
import { getCurrenciesById } from '../payment-methods/service.ts';
import { getPricesById } from '../prices/service.ts';
import { sumOf } from './exact-sum.ts';
import { bySymbol, metricsCurrency } from './metrics-currency.ts';
import { listPriceRevenueRows, type PriceRevenueRow } from './repository.ts';

export const TOP_PRODUCTS = 5;

type TopProduct = MetricsTopProducts['currencies'][number]['top_products'][number];

/** `GET /metrics/top-products`: per currency, the products whose prices earned most in the range. */
export async function getTopProducts(
  db: PaymentDb,
  query: { livemode: boolean; from: number; to: number },
): Promise<MetricsTopProducts> {
  const rows = await listPriceRevenueRows(db, query);
  const prices = await getPricesById(
    db,
    rows.map((row) => row.price_id),
  );
  const byCurrency = revenueByProduct(rows, prices);
  const currencies = await getCurrenciesById(db, byCurrency.keys());
  return {
    object: 'metrics_top_products',
    livemode: query.livemode,
    from: query.from,
    to: query.to,
    currencies: [...byCurrency]
      .map(([currencyId, topProducts]) => ({
        currency: metricsCurrency(currencies.get(currencyId)!),
        top_products: topProducts,
      }))
      .sort(bySymbol),
  };
}

/** Each currency's products by what their prices earned (credits deducted), the top few, most first. */
function revenueByProduct(
  rows: readonly PriceRevenueRow[],
  prices: ReadonlyMap<string, Price>,
): Map<string, TopProduct[]> {
  const earned = new Map<string, Map<string, { name: string; revenue: bigint }>>();
  for (const row of rows) {
    const product = prices.get(row.price_id)?.product;
    if (!product) continue;
    const byProduct = earned.get(row.currency_id) ?? new Map<string, { name: string; revenue: bigint }>();
    earned.set(row.currency_id, byProduct);
    const entry = byProduct.get(product.id) ?? { name: product.name, revenue: 0n };
    const amount = sumOf(row);
    entry.revenue += row.is_credit === 1 ? -amount : amount;
    byProduct.set(product.id, entry);
  }
  return new Map(
    [...earned].map(([currencyId, byProduct]) => [
      currencyId,
      [...byProduct]
        .sort(([idA, a], [idB, b]) =>
          a.revenue === b.revenue ? idA.localeCompare(idB) : a.revenue > b.revenue ? -1 : 1,
        )
        .slice(0, TOP_PRODUCTS)
        .map(([productId, { name, revenue }]) => ({
          product_id: productId,
          name,
          revenue: revenue.toString(),
        })),
    ]),
  );
}
