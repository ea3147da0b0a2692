/**
 * What a chain transaction was sent for, as its `attempt_key` says: one transaction per
 * (intent, attempt key). The keys are built and read here only.
 */

/** The vault's pull at a checkout's submit (the fast path). */
export const CHECKOUT_ATTEMPT_KEY = 'checkout';

const RENEWAL = ':attempt:';

/**
 * The engine's `attempt`-th attempt to collect an invoice: the key of a renewal's pull, and the
 * idempotency key of a card charge.
 */
export function invoiceAttemptKey(invoiceId: string, attempt: number): string {
  return `${invoiceId}${RENEWAL}${attempt}`;
}

/** The invoice and attempt a renewal's pull was made for; null for any other transaction. */
export function parseInvoiceAttemptKey(key: string): { invoiceId: string; attempt: number } | null {
  const at = key.indexOf(RENEWAL);
  if (at < 0) return null;
  return { invoiceId: key.slice(0, at), attempt: Number(key.slice(at + RENEWAL.length)) };
}

/** A pull the payer asked for from the overdue dialog or the invoice's page, at `now`. */
export function payerCollectionKey(invoiceId: string, now: number): string {
  return `${invoiceId}:payer:${now}`;
}

/** The vault sending back the stray transfer `txHash`. */
export function returnKey(txHash: string): string {
  return `return:${txHash}`;
}

const REFUND = 'refund:';

/** The vault sending back part or all of a payment: the refund `refundId`. */
export function refundKey(refundId: string): string {
  return `${REFUND}${refundId}`;
}

/** The refund a vault transaction was sent for; null for any other transaction. */
export function parseRefundKey(key: string): string | null {
  return key.startsWith(REFUND) ? key.slice(REFUND.length) : null;
}
