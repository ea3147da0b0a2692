import type { Migration } from 'kysely/migration';
import { checkoutTables } from './0001-checkout-tables.ts';
import { eventPosition } from './0002-event-position.ts';
import { catalogueFields } from './0003-catalogue-fields.ts';
import { checkoutExpiry } from './0004-checkout-expiry.ts';
import { billing } from './0005-billing.ts';
import { cardSetup } from './0006-card-setup.ts';
import { collectionLease } from './0007-collection-lease.ts';
import { invoiceDaysUntilDue } from './0008-invoice-days-until-due.ts';
import { eventOrder } from './0009-event-order.ts';
import { chainTransactions } from './0010-chain-transactions.ts';
import { invoicePlanChange } from './0011-invoice-plan-change.ts';
import { checkoutOwnership } from './0012-checkout-ownership.ts';
import { catalogueRevision } from './0013-catalogue-revision.ts';
import { heldStockIndexes } from './0014-held-stock-indexes.ts';
import { webhooks } from './0015-webhooks.ts';
import { webhookQueue } from './0016-webhook-queue.ts';
import { refunds } from './0017-refunds.ts';
import { stripe } from './0018-stripe.ts';
import { donations } from './0019-donations.ts';
import { donationLinkSettings } from './0020-donation-link-settings.ts';
import { customerListOrder } from './0021-customer-list-order.ts';
import { metricsIndexes } from './0022-metrics-indexes.ts';
import { priceRevenueDays } from './0023-price-revenue-days.ts';
import { testClockAdvance } from './0024-test-clock-advance.ts';
import { webhookOperations } from './0025-webhook-operations.ts';
import { paymentVolumeDays } from './0026-payment-volume-days.ts';
import { invoicePaymentIndexes } from './0027-invoice-payment-indexes.ts';

/** Ordered by name; never edit a shipped migration, add the next one. */
export const paymentMigrations: Record<string, Migration> = {
  '0001_checkout_tables': checkoutTables,
  '0002_event_position': eventPosition,
  '0003_catalogue_fields': catalogueFields,
  '0004_checkout_expiry': checkoutExpiry,
  '0005_billing': billing,
  '0006_card_setup': cardSetup,
  '0007_collection_lease': collectionLease,
  '0008_invoice_days_until_due': invoiceDaysUntilDue,
  '0009_event_order': eventOrder,
  '0010_chain_transactions': chainTransactions,
  '0011_invoice_plan_change': invoicePlanChange,
  '0012_checkout_ownership': checkoutOwnership,
  '0013_catalogue_revision': catalogueRevision,
  '0014_held_stock_indexes': heldStockIndexes,
  '0015_webhooks': webhooks,
  '0016_webhook_queue': webhookQueue,
  '0017_refunds': refunds,
  '0018_stripe': stripe,
  '0019_donations': donations,
  '0020_donation_link_settings': donationLinkSettings,
  '0021_customer_list_order': customerListOrder,
  '0022_metrics_indexes': metricsIndexes,
  '0023_price_revenue_days': priceRevenueDays,
  '0024_test_clock_advance': testClockAdvance,
  '0025_webhook_operations': webhookOperations,
  '0026_payment_volume_days': paymentVolumeDays,
  '0027_invoice_payment_indexes': invoicePaymentIndexes,
};
