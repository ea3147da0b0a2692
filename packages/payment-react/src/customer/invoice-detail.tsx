import { useState } from 'react';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../format/format-date.ts';
import { TestModeBadge } from '../primitives/test-mode-badge.tsx';
import { usePaymentContext } from '../provider/payment-context.ts';
import { CustomerPageFallback } from './customer-page-fallback.tsx';
import { InvoiceLines } from './invoice-lines.tsx';
import { InvoicePayment } from './invoice-payment.tsx';
import { InvoicePaymentDetails } from './invoice-payment-details.tsx';
import { InvoiceRefunds } from './invoice-refunds.tsx';
import { InvoiceStatusChip } from './invoice-status-chip.tsx';
import { useInvoice } from './use-invoice.ts';

export interface InvoiceDetailProps {
  id: string;
}

/** Invoices the customer can still pay on this page (billing design: uncollectible may still be paid). */
const PAYABLE_STATUSES: ReadonlySet<string> = new Set(['open', 'uncollectible']);

/**
 * An invoice as its customer sees it: number, status, lines, total, when and how it was paid and
 * what was refunded; an open or uncollectible one is paid here, by card or from the payer's wallet.
 */
export function InvoiceDetail({ id }: InvoiceDetailProps) {
  const { t, apiUrl } = usePaymentContext();
  const query = useInvoice(id);
  const [isPaidHere, setIsPaidHere] = useState(false);

  const invoice = query.data;
  if (!invoice) return <CustomerPageFallback error={query.error} />;

  return (
    <Paper variant="outlined" sx={{ maxWidth: 720, mx: 'auto', my: { xs: 2, md: 6 }, p: { xs: 2.5, md: 4 } }}>
      <Stack spacing={3}>
        {/* Gaps rather than margins: a chip that wraps on a phone starts under the title. */}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            {t('payment.invoice.title', { number: invoice.number })}
          </Typography>
          <InvoiceStatusChip status={invoice.status} />
          {invoice.livemode ? null : <TestModeBadge />}
          <Button
            size="small"
            startIcon={<DownloadRoundedIcon />}
            href={apiUrl(`/api/invoices/${encodeURIComponent(invoice.id)}/pdf`)}
            download={`invoice-${invoice.number}.pdf`}
            sx={{ ml: 'auto' }}
          >
            {t('payment.pdf.download')}
          </Button>
        </Stack>
        <Stack spacing={0.5}>
          <Typography color="text.secondary">
            {invoice.paid_at !== null
              ? t('payment.invoice.paidAt', { date: formatDateTime(invoice.paid_at) })
              : t('payment.invoice.createdAt', { date: formatDateTime(invoice.created_at) })}
          </Typography>
          {invoice.payment_details ? <InvoicePaymentDetails details={invoice.payment_details} /> : null}
        </Stack>
        {invoice.description ? <Typography>{invoice.description}</Typography> : null}
        <InvoiceLines invoice={invoice} />
        <InvoiceRefunds invoice={invoice} />
        {PAYABLE_STATUSES.has(invoice.status) ? (
          <InvoicePayment invoice={invoice} onPaid={() => setIsPaidHere(true)} />
        ) : isPaidHere ? (
          <Alert icon={<CheckCircleRoundedIcon />} severity="success">
            {t('payment.invoice.paidNotice')}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
