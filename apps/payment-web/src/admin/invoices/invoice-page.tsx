import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { usePaymentContext } from '@bazaar/payment-react';
import { InvoiceStatusChip } from '@bazaar/payment-react/customer';
import { invoicePdfPath } from '../api/invoices-api.ts';
import { useInvoice, useInvoicesLiveRefresh } from '../api/use-invoices.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { DetailLoadState } from '../components/detail-load-state.tsx';
import { InvoiceActions } from './invoice-actions.tsx';
import { InvoiceAmounts } from './invoice-amounts.tsx';
import { InvoiceDetails } from './invoice-details.tsx';
import { InvoicePaymentSection } from './invoice-payment-section.tsx';

/** The invoice's number and status chip, side by side. */
/**
 * `/admin/invoices/:id`: an invoice with its lines, every figure of it, its dates and payment,
 * the PDF, and the moves its status allows.
 */
export function InvoicePage() {
  const { t, apiUrl, locale } = usePaymentContext();
  const { id = '' } = useParams();
  const query = useInvoice(id);
  useInvoicesLiveRefresh();
  const invoice = query.data;

  return (
    <>
      <Button component={RouterLink} to=".." relative="path" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('payment.admin.invoices.title')}
      </Button>
      {invoice ? (
        <>
          <AdminPageHeading
            title={invoice.number}
            status={<InvoiceStatusChip status={invoice.status} />}
            actions={
              <>
                <InvoiceActions invoice={invoice} />
                <Button
                  startIcon={<DownloadOutlinedIcon />}
                  href={apiUrl(invoicePdfPath(invoice.id), { locale })}
                  download={`invoice-${invoice.number}.pdf`}
                >
                  {t('payment.pdf.download')}
                </Button>
              </>
            }
          />
          <Stack spacing={4}>
            <InvoiceDetails invoice={invoice} />
            <Stack component="section" aria-labelledby="invoice-lines" spacing={1}>
              <Typography id="invoice-lines" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {t('payment.admin.invoices.lines')}
              </Typography>
              <InvoiceAmounts invoice={invoice} />
            </Stack>
            {/* A draft cannot be paid before it is sent. */}
            {invoice.status === 'draft' ? null : <InvoicePaymentSection invoice={invoice} />}
          </Stack>
        </>
      ) : (
        <DetailLoadState error={query.error} notFoundText={t('payment.admin.invoices.notFound')} />
      )}
    </>
  );
}
