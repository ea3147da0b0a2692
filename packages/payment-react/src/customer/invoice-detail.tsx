import { useState } from 'react';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import ErrorOutlineRoundedIcon from '@mui/icons-material/ErrorOutlineRounded';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { ApiError } from '../api/api-error.ts';
import { extractErrorText } from '../api/error-text.ts';
import { TestModeBadge } from '../primitives/test-mode-badge.tsx';
import { StatusPanel } from '../primitives/status-panel.tsx';
import { usePaymentContext } from '../provider/payment-context.ts';
import { InvoiceLines } from './invoice-lines.tsx';
import { LoginRequiredPanel } from './login-required-panel.tsx';
import { InvoicePayment } from './invoice-payment.tsx';
import { InvoiceStatusChip } from './invoice-status-chip.tsx';
import { useInvoice } from './use-invoice.ts';

export interface InvoiceDetailProps {
  id: string;
}

const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Invoices the customer can still pay on this page (billing design: uncollectible may still be paid). */
const PAYABLE_STATUSES: ReadonlySet<string> = new Set(['open', 'uncollectible']);

/**
 * An invoice as its customer sees it: number, status, lines, total and when it was paid; an
 * open or uncollectible one is paid here by card.
 */
export function InvoiceDetail({ id }: InvoiceDetailProps) {
  const { t } = usePaymentContext();
  const query = useInvoice(id);
  const [isPaidHere, setIsPaidHere] = useState(false);

  if (query.error instanceof ApiError && query.error.status === 401) return <LoginRequiredPanel />;
  if (query.error) {
    return (
      <StatusPanel
        icon={<ErrorOutlineRoundedIcon color="error" />}
        title={t('payment.checkout.error.title')}
        description={extractErrorText(query.error, t)}
      />
    );
  }
  const invoice = query.data;
  if (!invoice) return <Skeleton variant="rounded" height={320} sx={{ maxWidth: 720, mx: 'auto', my: 6 }} />;

  return (
    <Paper variant="outlined" sx={{ maxWidth: 720, mx: 'auto', my: { xs: 2, md: 6 }, p: { xs: 2.5, md: 4 } }}>
      <Stack spacing={3}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            {t('payment.invoice.title', { number: invoice.number })}
          </Typography>
          <InvoiceStatusChip status={invoice.status} />
          {invoice.livemode ? null : <TestModeBadge />}
        </Stack>
        <Typography color="text.secondary">
          {invoice.paid_at !== null
            ? t('payment.invoice.paidAt', { date: dayjs.unix(invoice.paid_at).format(DATE_FORMAT) })
            : t('payment.invoice.createdAt', { date: dayjs.unix(invoice.created_at).format(DATE_FORMAT) })}
        </Typography>
        {invoice.description ? <Typography>{invoice.description}</Typography> : null}
        <InvoiceLines invoice={invoice} />
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
