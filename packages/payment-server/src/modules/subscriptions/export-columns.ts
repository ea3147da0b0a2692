import type { ListedSubscription } from '@bazaar/schemas';
import type { CsvColumn } from '@bazaar/server-kit';
import { timeCell } from '../../http/csv-cells.ts';

/** The columns of `GET /subscriptions/export.csv`: what the admin's subscription list shows. */
export const SUBSCRIPTION_CSV_COLUMNS: readonly CsvColumn<ListedSubscription>[] = [
  { header: 'id', value: (subscription) => subscription.id },
  { header: 'status', value: (subscription) => subscription.status },
  { header: 'customer_id', value: (subscription) => subscription.customer_id },
  { header: 'customer_email', value: (subscription) => subscription.customer.email },
  {
    header: 'products',
    value: (subscription) =>
      subscription.items.map((item) => `${item.price.product.name} × ${item.quantity}`).join('; '),
  },
  { header: 'currency', value: (subscription) => subscription.currency.symbol },
  { header: 'current_period_start', value: (subscription) => timeCell(subscription.current_period_start) },
  { header: 'current_period_end', value: (subscription) => timeCell(subscription.current_period_end) },
  { header: 'trial_end', value: (subscription) => timeCell(subscription.trial_end) },
  { header: 'cancel_at_period_end', value: (subscription) => subscription.cancel_at_period_end },
  { header: 'canceled_at', value: (subscription) => timeCell(subscription.canceled_at) },
  { header: 'latest_invoice_id', value: (subscription) => subscription.latest_invoice_id },
  { header: 'created', value: (subscription) => timeCell(subscription.created_at) },
];
