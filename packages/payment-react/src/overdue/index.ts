export { OverdueInvoicesDialog, type OverdueInvoicesDialogProps } from './overdue-invoices-dialog.tsx';
export { useOverdueInvoices } from './use-overdue-invoices.ts';
export type { OverdueScope, OverdueTarget } from './overdue-api.ts';
