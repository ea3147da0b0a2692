export { InvoiceDetail, type InvoiceDetailProps } from './invoice-detail.tsx';
export { InvoiceStatusChip } from './invoice-status-chip.tsx';
export { PastDueInvoices, type PastDueInvoicesProps } from './past-due-invoices.tsx';
export { useInvoice } from './use-invoice.ts';
export { SubscriptionActions } from './subscription-actions.tsx';
export { SubscriptionDetail, type SubscriptionDetailProps } from './subscription-detail.tsx';
export { SubscriptionStatusChip } from './subscription-status-chip.tsx';
export { useSubscription, useSubscriptionInvoices } from './use-subscription.ts';
