import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatDateTimeMinutes, usePaymentContext } from '@bazaar/payment-react';
import { invoiceReasonKey } from '@bazaar/payment-react/customer';
import { isMerchantInvoice, type AdminInvoice } from '@bazaar/schemas';
import { DetailList } from '../components/detail-list.tsx';
import { LinkActions } from '../payment-links/link-actions.tsx';
import { InvoiceCustomerLink } from './invoice-customer-link.tsx';
import { customerInvoiceAddress } from './invoice-path.ts';

const date = (timestamp: number | null) => (timestamp === null ? '' : formatDateTimeMinutes(timestamp));

/**
 * The invoice's facts: whom it bills and why, how it is collected, where its customer pays it, and
 * its dates; empty ones are left out.
 */
export function InvoiceDetails({ invoice }: { invoice: AdminInvoice }) {
  const { t, apiBaseUrl } = usePaymentContext();
  const isDraft = invoice.status === 'draft';
  const rows = [
    [t('payment.admin.field.id'), invoice.id],
    [t('payment.admin.invoice.customer'), <InvoiceCustomerLink key="customer" id={invoice.customer_id} />],
    [
      t('payment.admin.invoices.subscription'),
      invoice.subscription_id ? (
        <Link
          component={RouterLink}
          to={`/admin/subscriptions/${encodeURIComponent(invoice.subscription_id)}`}
        >
          {invoice.subscription_id}
        </Link>
      ) : null,
    ],
    [
      t('payment.admin.invoices.reason'),
      // The payer's word for a merchant's invoice is a one-time payment; the merchant wrote it by hand.
      isMerchantInvoice(invoice) ? t('payment.admin.invoices.manual') : t(invoiceReasonKey(invoice)),
    ],
    [
      t('payment.admin.invoices.period'),
      invoice.period_start !== null && invoice.period_end !== null
        ? `${formatDate(invoice.period_start)} – ${formatDate(invoice.period_end)}`
        : '',
    ],
    [
      // A merchant's own invoice carries their memo; a checkout's or the engine's, its lines in a few words.
      isMerchantInvoice(invoice) ? t('payment.admin.invoices.memo') : t('payment.invoice.description'),
      invoice.description,
    ],
    [t('payment.admin.invoices.collectedBy'), invoice.payment_method.name],
    [
      t('payment.admin.invoices.customerPage'),
      // A draft is the admin's until it is sent: its customer cannot open it yet.
      isDraft ? null : (
        <LinkActions
          key="customer-page"
          name={invoice.number}
          address={customerInvoiceAddress(apiBaseUrl, invoice.id)}
          openLabel={t('payment.admin.invoices.openCustomerPage')}
        />
      ),
    ],
    [
      t('payment.admin.invoices.events'),
      <Link
        key="events"
        component={RouterLink}
        to={`/admin/events?${new URLSearchParams({ q: invoice.id })}`}
      >
        {t('payment.admin.invoices.eventsOf')}
      </Link>,
    ],
    [t('payment.admin.field.created'), date(invoice.created_at)],
    [t('payment.admin.invoices.finalized'), date(invoice.finalized_at)],
    [
      t('payment.admin.invoices.daysUntilDue'),
      isDraft && invoice.days_until_due !== null
        ? t('payment.admin.invoices.dueAfterFinalizing', { count: invoice.days_until_due })
        : '',
    ],
    [t('payment.admin.invoices.due'), date(invoice.due_date)],
    [t('payment.admin.invoices.nextAttempt'), date(invoice.next_payment_attempt)],
    [t('payment.admin.invoices.attempts'), invoice.attempt_count > 0 ? String(invoice.attempt_count) : ''],
    [t('payment.admin.invoices.paid'), date(invoice.paid_at)],
  ] as const;
  return <DetailList rows={rows} />;
}
