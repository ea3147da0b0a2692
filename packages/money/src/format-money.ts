import { formatAmount } from './amount.ts';

/** What formatting needs of a currency: its symbol or ticker, and its decimals (18 when unsaid). */
export interface CurrencyFormat {
  symbol: string;
  decimal?: number;
}

/** A currency that does not say how many decimals it has is a chain token with 18, as ERC-20 tokens default to. */
const DEFAULT_TOKEN_DECIMALS = 18;
/** Token amounts show at most this many decimals unless the currency asks for fewer. */
const TOKEN_DISPLAY_PRECISION = 6;
/** Fiat-like currencies (two decimals or fewer) always show every decimal, as in `$5.00`. */
const FIAT_MAX_DECIMALS = 2;

/**
 * Every amount the Payment Kit shows goes through here, from the smallest unit, for people:
 * `formatMoney('1999', usd)` → `'$19.99'`, `formatMoney('1500000000000000000', eth)` → `'1.5 ETH'`.
 */
export function formatMoney(amount: bigint | string, currency: CurrencyFormat): string {
  const { decimal = DEFAULT_TOKEN_DECIMALS, symbol } = currency;
  let text = formatAmount(amount, decimal, {
    grouped: true,
    precision: Math.min(decimal, TOKEN_DISPLAY_PRECISION),
  });
  if (decimal > 0 && decimal <= FIAT_MAX_DECIMALS) {
    const [whole, fraction = ''] = text.split('.');
    text = `${whole}.${fraction.padEnd(decimal, '0')}`;
  }
  const sign = fiatSign(symbol, decimal);
  if (sign) return text.startsWith('-') ? `-${sign}${text.slice(1)}` : `${sign}${text}`;
  return `${text} ${symbol}`;
}

/** A chain token's amount: `formatTokenAmount('1500000', { symbol: 'USDC', decimals: 6 })` → `'1.5 USDC'`. */
export function formatTokenAmount(
  amount: bigint | string,
  token: { symbol: string; decimals: number },
): string {
  return formatMoney(amount, { symbol: token.symbol, decimal: token.decimals });
}

/** How a currency is named next to an amount field: `$` for USD, the ticker for tokens (`ABT`). */
export function currencySign(currency: CurrencyFormat): string {
  return fiatSign(currency.symbol, currency.decimal ?? DEFAULT_TOKEN_DECIMALS) ?? currency.symbol;
}

/**
 * The sign written before an amount: a one-character symbol as it is, an ISO fiat code (`USD`)
 * as its local sign (`$`); null for tickers, which are written after.
 */
function fiatSign(symbol: string, decimal: number): string | null {
  if ([...symbol].length === 1 && !/[A-Za-z]/.test(symbol)) return symbol;
  if (!/^[A-Z]{3}$/.test(symbol) || decimal > FIAT_MAX_DECIMALS) return null;
  try {
    const parts = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: symbol,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    const sign = parts.find((part) => part.type === 'currency')?.value;
    return sign && sign !== symbol ? sign : null;
  } catch {
    return null;
  }
}
