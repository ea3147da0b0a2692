import { formatAmount } from '@bazaar/money';
import type { PaymentCurrency } from '@bazaar/schemas';

/** What the kit's CSV exports write for a time (unix seconds): ISO 8601 in UTC, which every spreadsheet reads. */
export function timeCell(seconds: number | null): string | null {
  return seconds === null ? null : new Date(seconds * 1000).toISOString();
}

/** An amount in the smallest unit as the currency writes it (`1250` of a 2-decimal currency: `12.5`), exact at any size. */
export function amountCell(amount: string, currency: Pick<PaymentCurrency, 'decimal'>): string {
  return formatAmount(amount, currency.decimal);
}

/** The file name of an export of `list` in one mode: test data is never mistaken for live. */
export function exportFileName(list: string, livemode: boolean): string {
  return `${list}${livemode ? '' : '-test'}.csv`;
}

/** Key-value metadata as one JSON cell, empty when there is none. */
export function metadataCell(metadata: Record<string, string>): string | null {
  return Object.keys(metadata).length === 0 ? null : JSON.stringify(metadata);
}
