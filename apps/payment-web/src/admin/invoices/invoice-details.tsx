import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import { invoiceReasonKey } from '@bazaar/payment-react/customer';
import type { AdminInvoice } from '@bazaar/schemas';
import { useCustomerDetails } from '../api/use-customers.ts';
import { DetailList } from '../components/detail-list.tsx';

const date = (timestamp: number | null) => (timestamp === null ? '' : formatDateTimeMinutes(timestamp));

/** Whom the invoice bills, linked to their page: by name once it is loaded, by id meanwhile. */
function CustomerLink({ id }: { id: string }) {
  const customer = useCustomerDetails(id).data;
  return (
    <Link component={RouterLink} to={`/admin/customers/${encodeURIComponent(id)}`}>
      {(customer && (customer.name || customer.email)) || id}
    </Link>
  );
}

/** The invoice's facts: whom it bills and why, how it is collected, and its dates; empty ones are left out. */
export function InvoiceDetails({ invoice }: { invoice: AdminInvoice }) {
  const t = useTranslate();
  const isDraft = invoice.status === 'draft';
  const rows = [
    [t('payment.admin.field.id'), invoice.id],
    [t('payment.admin.invoice.customer'), <CustomerLink key="customer" id={invoice.customer_id} />],
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
    [t('payment.admin.invoices.reason'), t(invoiceReasonKey(invoice))],
    [
      t('payment.admin.invoices.period'),
      invoice.period_start !== null && invoice.period_end !== null
        ? `${formatDate(invoice.period_start)} – ${formatDate(invoice.period_end)}`
        : '',
    ],
    [t('payment.admin.invoices.memo'), invoice.description],
    [t('payment.admin.invoices.collectedBy'), invoice.payment_method.name],
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
