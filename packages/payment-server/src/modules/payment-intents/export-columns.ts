import type { CustomerPayment } from '@bazaar/schemas';
import type { CsvColumn } from '@bazaar/server-kit';
import { amountCell, timeCell } from '../../http/csv-cells.ts';

/** The columns of `GET /payment-intents/export.csv`: what the admin's payment list shows. */
export const PAYMENT_CSV_COLUMNS: readonly CsvColumn<CustomerPayment>[] = [
  { header: 'id', value: (payment) => payment.id },
  { header: 'status', value: (payment) => payment.status },
  { header: 'customer_id', value: (payment) => payment.customer_id },
  { header: 'invoice_id', value: (payment) => payment.invoice_id },
  { header: 'payment_method', value: (payment) => payment.payment_method.name },
  { header: 'currency', value: (payment) => payment.currency.symbol },
  { header: 'amount', value: (payment) => amountCell(payment.amount, payment.currency) },
  { header: 'amount_received', value: (payment) => amountCell(payment.amount_received, payment.currency) },
  { header: 'failure', value: (payment) => payment.last_payment_error?.message ?? null },
  { header: 'created', value: (payment) => timeCell(payment.created_at) },
];
