import type { ListedRefund } from '@bazaar/schemas';
import type { CsvColumn } from '@bazaar/server-kit';
import { amountCell, timeCell } from '../../http/csv-cells.ts';

/** The columns of `GET /refunds/export.csv`: what the admin's refund list shows. */
export const REFUND_CSV_COLUMNS: readonly CsvColumn<ListedRefund>[] = [
  { header: 'id', value: (refund) => refund.id },
  { header: 'status', value: (refund) => refund.status },
  { header: 'type', value: (refund) => refund.type },
  { header: 'reason', value: (refund) => refund.reason },
  { header: 'description', value: (refund) => refund.description },
  { header: 'payment_intent_id', value: (refund) => refund.payment_intent_id },
  { header: 'customer_id', value: (refund) => refund.customer_id },
  { header: 'invoice_id', value: (refund) => refund.invoice_id },
  { header: 'currency', value: (refund) => refund.currency.symbol },
  { header: 'amount', value: (refund) => amountCell(refund.amount, refund.currency) },
  { header: 'failure', value: (refund) => refund.failure_message },
  { header: 'created', value: (refund) => timeCell(refund.created_at) },
];
