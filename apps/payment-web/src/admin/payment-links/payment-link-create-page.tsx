import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslate } from '@bazaar/payment-react';
import { useCreatePaymentLink } from '../api/use-payment-links.ts';
import { useCurrencies } from '../api/use-prices.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { PaymentLinkForm } from './payment-link-form.tsx';

/** `/admin/payment-links/new`: a link to sell prices on sale; back to the list once made. */
export function PaymentLinkCreatePage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const currencies = useCurrencies();
  const createLink = useCreatePaymentLink();
  return (
    <>
      <Button component={RouterLink} to=".." relative="path" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('payment.admin.links.title')}
      </Button>
      <AdminPageHeading title={t('payment.admin.link.createTitle')} />
      {currencies.data ? (
        <PaymentLinkForm
          currencies={currencies.data.list}
          onSubmit={async (body) => {
            await createLink.mutateAsync(body);
            await navigate('..', { relative: 'path' });
          }}
        />
      ) : (
        <LinearProgress aria-label={t('common.loading')} sx={{ height: 2 }} />
      )}
    </>
  );
}
