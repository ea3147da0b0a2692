import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { extractErrorText, useTranslate } from '@bazaar/payment-react';
import { InvoicePaymentDetails, InvoiceRefunds } from '@bazaar/payment-react/customer';
import type { AdminInvoice } from '@bazaar/schemas';
import { usePaymentPage } from '../api/use-payments.ts';
import { CustomerPaymentList } from '../customers/customer-payment-list.tsx';
import { OwnedSection } from '../customers/owned-section.tsx';

/** More attempts than anyone makes at one invoice. */
const ATTEMPTS_SHOWN = '20';

/**
 * The payments made at a sent invoice, each opening its page (a declined card's too), then how it
 * was paid and what was refunded of it.
 */
export function InvoicePaymentSection({ invoice }: { invoice: AdminInvoice }) {
  const t = useTranslate();
  const payments = usePaymentPage({ invoice_id: invoice.id, page: '1', pageSize: ATTEMPTS_SHOWN });
  return (
    <Stack spacing={1.5}>
      {payments.error ? (
        <Alert severity="error">
          {t('payment.admin.loadFailed', { reason: extractErrorText(payments.error, t) })}
        </Alert>
      ) : null}
      {payments.data ? (
        <OwnedSection
          id="invoice-payments"
          title={t('payment.admin.customer.payments')}
          count={payments.data.count}
          emptyText={t('payment.admin.customer.noPayments')}
        >
          <CustomerPaymentList payments={payments.data.list} />
        </OwnedSection>
      ) : payments.isPending ? (
        <LinearProgress aria-label={t('common.loading')} sx={{ height: 2 }} />
      ) : null}
      {invoice.payment_details ? <InvoicePaymentDetails details={invoice.payment_details} /> : null}
      <InvoiceRefunds invoice={invoice} />
    </Stack>
  );
}
