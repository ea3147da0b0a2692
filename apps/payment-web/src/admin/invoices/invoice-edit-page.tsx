import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslate } from '@bazaar/payment-react';
import { useInvoice, useUpdateInvoice } from '../api/use-invoices.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { DetailList } from '../components/detail-list.tsx';
import { DetailLoadState } from '../components/detail-load-state.tsx';
import { InvoiceCustomerLink } from './invoice-customer-link.tsx';
import { InvoiceForm } from './invoice-form.tsx';

/** `/admin/invoices/:id/edit`: a draft's lines and terms, in the form that wrote it; back to its page once saved. */
export function InvoiceEditPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const query = useInvoice(id);
  const updateInvoice = useUpdateInvoice(id);
  const invoice = query.data;
  const back = '..';

  return (
    <>
      <Button component={RouterLink} to={back} relative="path" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {invoice?.number ?? t('payment.admin.invoices.title')}
      </Button>
      {invoice ? (
        <>
          <AdminPageHeading title={t('payment.admin.invoices.editTitle', { number: invoice.number })} />
          <Box sx={{ mb: 3 }}>
            <DetailList
              rows={[
                [
                  t('payment.admin.invoice.customer'),
                  <InvoiceCustomerLink key="customer" id={invoice.customer_id} />,
                ],
              ]}
            />
          </Box>
          {invoice.status === 'draft' ? (
            <InvoiceForm
              invoice={invoice}
              onCancel={() => void navigate(back, { relative: 'path' })}
              onSubmit={async ({ description, lines, days_until_due }) => {
                await updateInvoice.mutateAsync({ description, lines, days_until_due });
                await navigate(back, { relative: 'path' });
              }}
            />
          ) : (
            <Alert severity="info">{t('payment.admin.invoices.notADraft')}</Alert>
          )}
        </>
      ) : (
        <DetailLoadState error={query.error} notFoundText={t('payment.admin.invoices.notFound')} />
      )}
    </>
  );
}
