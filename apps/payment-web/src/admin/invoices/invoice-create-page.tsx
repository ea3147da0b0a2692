import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslate } from '@bazaar/payment-react';
import { useCreateInvoice } from '../api/use-invoices.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { InvoiceForm } from './invoice-form.tsx';

/** `/admin/invoices/new`: a manual invoice, saved as a draft and then shown on its own page. */
export function InvoiceCreatePage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const createInvoice = useCreateInvoice();
  return (
    <>
      <Button component={RouterLink} to=".." relative="path" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('payment.admin.invoices.title')}
      </Button>
      <AdminPageHeading title={t('payment.admin.invoices.new')} />
      <InvoiceForm
        onSubmit={async (body) => {
          const invoice = await createInvoice.mutateAsync(body);
          await navigate(`../${invoice.id}`, { relative: 'path' });
        }}
      />
    </>
  );
}
