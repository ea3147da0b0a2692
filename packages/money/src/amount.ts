/**
 * Amounts are integers in a currency's smallest unit (cents, wei). They travel as decimal strings
 * and are computed as `bigint`; token units ("12.50") exist only at the edge, for people.
 */

export class AmountError extends Error {
  readonly code: 'AMOUNT_INVALID' | 'AMOUNT_TOO_PRECISE';
  constructor(code: AmountError['code'], message: string) {
    super(message);
    this.name = 'AmountError';
    this.code = code;
  }
}

const TOKEN_PATTERN = /^(-)?(\d*)(?:\.(\d*))?$/;
const UNIT_PATTERN = /^-?\d+$/;

/** Reads an integer amount in the smallest unit: `toUnits('1050')` → `1050n`. */
export function toUnits(value: bigint | string): bigint {
  if (typeof value === 'bigint') return value;
  if (!UNIT_PATTERN.test(value)) throw new AmountError('AMOUNT_INVALID', `Invalid amount: ${value}`);
  return BigInt(value);
}

/**
 * Token units to smallest units, exactly: `parseAmount('12.5', 2)` → `1250n`.
 * More decimals than the currency has is an error, never a silent rounding.
 */
export function parseAmount(token: string, decimals: number): bigint {
  const match = TOKEN_PATTERN.exec(token.trim());
  const [, sign, whole = '', fraction = ''] = match ?? [];
  if (!match || (whole === '' && fraction === '')) {
    throw new AmountError('AMOUNT_INVALID', `Invalid amount: ${token}`);
  }
  if (fraction.length > decimals) {
    throw new AmountError('AMOUNT_TOO_PRECISE', `Amount ${token} has more than ${decimals} decimal places`);
  }
  const units = BigInt((whole || '0') + fraction.padEnd(decimals, '0'));
  return sign ? -units : units;
}

export interface FormatOptions {
  /** Most fraction digits to show; the rest is cut toward zero (display only). */
  precision?: number;
  /** Group thousands with commas. */
  grouped?: boolean;
}

/**
 * Smallest units to token units: `formatAmount(1250n, 2)` → `'12.5'`,
 * `formatAmount('1234567', 2, { grouped: true })` → `'12,345.67'`. Trailing zeros are trimmed.
 */
export function formatAmount(amount: bigint | string, decimals: number, options: FormatOptions = {}): string {
  const units = toUnits(amount);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  let fraction = digits.slice(digits.length - decimals);
  if (options.precision !== undefined) fraction = fraction.slice(0, options.precision);
  fraction = fraction.replace(/0+$/, '');
  const groupedWhole = options.grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
  const text = fraction ? `${groupedWhole}.${fraction}` : groupedWhole;
  return negative && text !== '0' ? `-${text}` : text;
}

/** Counts the decimals someone typed: `countDecimals('1.250')` → 3. */
export function countDecimals(token: string): number {
  const fraction = token.trim().split('.')[1];
  return fraction ? fraction.length : 0;
}

export function sumAmounts(amounts: Iterable<bigint>): bigint {
  let total = 0n;
  for (const amount of amounts) total += amount;
  return total;
}
