import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslate } from '@bazaar/payment-react';
import { InvoicePaymentDetails, InvoiceRefunds } from '@bazaar/payment-react/customer';
import type { AdminInvoice } from '@bazaar/schemas';

/**
 * The payment of the invoice, linked to its page: the card or the chain transaction that paid it,
 * and what was refunded of it. Nothing while no payment was started.
 */
export function InvoicePaymentSection({ invoice }: { invoice: AdminInvoice }) {
  const t = useTranslate();
  const paymentId = invoice.payment_intent_id;
  if (!paymentId) return null;
  return (
    <Stack component="section" aria-labelledby="invoice-payment" spacing={1}>
      <Typography id="invoice-payment" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('payment.admin.invoices.payment')}
      </Typography>
      <Link
        component={RouterLink}
        to={`/admin/payments/${encodeURIComponent(paymentId)}`}
        sx={{ alignSelf: 'flex-start' }}
      >
        {paymentId}
      </Link>
      {invoice.payment_details ? <InvoicePaymentDetails details={invoice.payment_details} /> : null}
      <InvoiceRefunds invoice={invoice} />
    </Stack>
  );
}
