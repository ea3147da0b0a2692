import type { CurrencyMetrics, PaymentCurrency } from '@bazaar/schemas';

/** What a chart needs of a currency to write its amounts. */
export function metricsCurrency(currency: PaymentCurrency): CurrencyMetrics['currency'] {
  return { id: currency.id, symbol: currency.symbol, name: currency.name, decimal: currency.decimal };
}

/** Currencies in a stable order: by symbol, then id (two chains may both carry USDC). */
export function bySymbol(
  a: { currency: { id: string; symbol: string } },
  b: { currency: { id: string; symbol: string } },
) {
  return a.currency.symbol.localeCompare(b.currency.symbol) || a.currency.id.localeCompare(b.currency.id);
}
