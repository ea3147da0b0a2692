export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

// An uncollectible invoice is still owed: a late payment settles it, or the merchant voids it.
const NEXT: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  draft: ['open', 'void'],
  open: ['paid', 'uncollectible', 'void'],
  uncollectible: ['paid', 'void'],
  paid: [],
  void: [],
};

/** Whether an invoice may move from `from` to `to`: `canTransitionInvoice('open', 'paid')` → true. */
export function canTransitionInvoice(from: InvoiceStatus, to: InvoiceStatus): boolean {
  return NEXT[from].includes(to);
}
