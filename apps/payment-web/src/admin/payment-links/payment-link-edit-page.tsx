import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslate } from '@bazaar/payment-react';
import { usePaymentLink, useUpdatePaymentLink } from '../api/use-payment-links.ts';
import { useCurrencies } from '../api/use-prices.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { DetailLoadState } from '../components/detail-load-state.tsx';
import { PaymentLinkForm } from './payment-link-form.tsx';

/** `/admin/payment-links/:id/edit`: a link in the form that made it; back to its page once saved. */
export function PaymentLinkEditPage() {
  const t = useTranslate();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const query = usePaymentLink(id);
  const currencies = useCurrencies();
  const updateLink = useUpdatePaymentLink(id);
  const link = query.data;

  return (
    <>
      <Button component={RouterLink} to=".." relative="path" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {link?.name ?? t('payment.admin.links.title')}
      </Button>
      {link ? (
        <>
          <AdminPageHeading title={t('payment.admin.link.editTitle', { name: link.name })} />
          {currencies.data ? (
            <PaymentLinkForm
              link={link}
              currencies={currencies.data.list}
              onSubmit={async (body) => {
                await updateLink.mutateAsync(body);
                await navigate('..', { relative: 'path' });
              }}
            />
          ) : (
            <LinearProgress aria-label={t('common.loading')} sx={{ height: 2 }} />
          )}
        </>
      ) : (
        <DetailLoadState error={query.error} notFoundText={t('payment.admin.link.notFound')} />
      )}
    </>
  );
}
