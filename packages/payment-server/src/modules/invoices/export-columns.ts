import type { Invoice } from '@bazaar/schemas';
import type { CsvColumn } from '@bazaar/server-kit';
import { amountCell, timeCell } from '../../http/csv-cells.ts';

const amount = (header: string, of: (invoice: Invoice) => string): CsvColumn<Invoice> => ({
  header,
  value: (invoice) => amountCell(of(invoice), invoice.currency),
});

/** The columns of `GET /invoices/export.csv`: what the admin's invoice list shows, and the sums in full. */
export const INVOICE_CSV_COLUMNS: readonly CsvColumn<Invoice>[] = [
  { header: 'id', value: (invoice) => invoice.id },
  { header: 'number', value: (invoice) => invoice.number },
  { header: 'status', value: (invoice) => invoice.status },
  { header: 'billing_reason', value: (invoice) => invoice.billing_reason },
  { header: 'customer_id', value: (invoice) => invoice.customer_id },
  { header: 'subscription_id', value: (invoice) => invoice.subscription_id },
  { header: 'description', value: (invoice) => invoice.description },
  { header: 'currency', value: (invoice) => invoice.currency.symbol },
  amount('subtotal', (invoice) => invoice.subtotal),
  amount('total', (invoice) => invoice.total),
  amount('amount_paid', (invoice) => invoice.amount_paid),
  amount('amount_due', (invoice) => invoice.amount_due),
  amount('amount_remaining', (invoice) => invoice.amount_remaining),
  { header: 'created', value: (invoice) => timeCell(invoice.created_at) },
  { header: 'due_date', value: (invoice) => timeCell(invoice.due_date) },
  { header: 'period_start', value: (invoice) => timeCell(invoice.period_start) },
  { header: 'period_end', value: (invoice) => timeCell(invoice.period_end) },
];
