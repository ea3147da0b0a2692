import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatMoney, usePaymentContext } from '@bazaar/payment-react';
import { InvoiceStatusChip } from '@bazaar/payment-react/customer';
import type { Invoice } from '@bazaar/schemas';
import { invoicePdfPath } from '../api/invoices-api.ts';
import { customerInvoicesPath, invoicePagePath } from '../invoices/invoice-path.ts';
import { OwnedRow, OwnedRows } from './owned-row.tsx';

interface CustomerInvoiceListProps {
  invoices: Invoice[];
  /** How many invoices the customer has in all, when `invoices` are their first: more link to the list of them. */
  count?: number;
}

/**
 * Invoices as rows: number (opening the invoice), date, total, status, and the PDF to download;
 * a customer's first ones end with a link to all of theirs when there are more.
 */
export function CustomerInvoiceList({ invoices, count = invoices.length }: CustomerInvoiceListProps) {
  const { t, apiUrl } = usePaymentContext();
  return (
    <OwnedRows>
      {invoices.map((invoice) => (
        <OwnedRow key={invoice.id}>
          <Link
            component={RouterLink}
            to={invoicePagePath(invoice.id)}
            variant="body2"
            sx={{ flex: 1, minWidth: 140, fontWeight: 500 }}
          >
            {invoice.number}
          </Link>
          <Typography variant="body2" color="text.secondary">
            {formatDate(invoice.created_at)}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 96, textAlign: 'right' }}>
            {formatMoney(invoice.total, invoice.currency)}
          </Typography>
          <InvoiceStatusChip status={invoice.status} />
          <Link
            href={apiUrl(invoicePdfPath(invoice.id))}
            download={`invoice-${invoice.number}.pdf`}
            variant="body2"
            aria-label={t('payment.admin.customer.invoicePdfOf', { number: invoice.number })}
          >
            {t('payment.admin.customer.invoicePdf')}
          </Link>
        </OwnedRow>
      ))}
      {count > invoices.length && invoices[0] ? (
        <OwnedRow>
          <Link component={RouterLink} to={customerInvoicesPath(invoices[0].customer_id)} variant="body2">
            {t('payment.admin.invoices.allOfCustomer', { count })}
          </Link>
        </OwnedRow>
      ) : null}
    </OwnedRows>
  );
}
