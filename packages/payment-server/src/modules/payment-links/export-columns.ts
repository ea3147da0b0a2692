import type { CsvColumn } from '@bazaar/server-kit';
import { metadataCell, timeCell } from '../../http/csv-cells.ts';
import type { ExportedPaymentLink } from './admin-service.ts';

type LineItem = ExportedPaymentLink['line_items'][number];

/** A line as `price_1 × 2 (adjustable 1–10)`, a cross-sell marked as one: what the link sells and how. */
function lineCell(item: LineItem): string {
  const adjustable = item.adjustable_quantity?.enabled
    ? ` (adjustable ${item.adjustable_quantity.minimum}–${item.adjustable_quantity.maximum})`
    : '';
  return `${item.price_id} × ${item.quantity}${adjustable}${item.cross_sell ? ' (cross-sell)' : ''}`;
}

/** The columns of `GET /payment-links/export.csv`: what the admin's link list shows, and the options that shape its checkout. */
export const PAYMENT_LINK_CSV_COLUMNS: readonly CsvColumn<ExportedPaymentLink>[] = [
  { header: 'id', value: (link) => link.id },
  { header: 'name', value: (link) => link.name },
  { header: 'active', value: (link) => link.active },
  { header: 'currency', value: (link) => link.currency.symbol },
  { header: 'items', value: (link) => link.line_items.map(lineCell).join('; ') },
  { header: 'products', value: (link) => link.line_products.join('; ') },
  { header: 'submit_type', value: (link) => link.submit_type },
  { header: 'billing_address_collection', value: (link) => link.billing_address_collection },
  { header: 'phone_number_collection', value: (link) => link.phone_number_collection.enabled },
  { header: 'cross_sell_behavior', value: (link) => link.cross_sell_behavior },
  { header: 'trial_period_days', value: (link) => link.subscription_data?.trial_period_days ?? null },
  { header: 'after_completion', value: (link) => link.after_completion.type },
  { header: 'redirect_url', value: (link) => link.after_completion.redirect?.url ?? null },
  { header: 'donation', value: (link) => link.donation_settings !== null },
  { header: 'session_expires_after_seconds', value: (link) => link.expires_after_seconds },
  { header: 'metadata', value: (link) => metadataCell(link.metadata) },
  { header: 'created', value: (link) => timeCell(link.created_at) },
];
