export { InvoiceDetail, type InvoiceDetailProps } from './invoice-detail.tsx';
export { InvoiceStatusChip } from './invoice-status-chip.tsx';
export { useInvoice } from './use-invoice.ts';
