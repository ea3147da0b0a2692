import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslate } from '@bazaar/payment-react';
import { usePaymentLink } from '../api/use-payment-links.ts';
import { ActiveChip } from '../components/active-chip.tsx';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { DetailLoadState } from '../components/detail-load-state.tsx';
import { PaymentLinkActions } from './payment-link-actions.tsx';
import { PaymentLinkDetails } from './payment-link-details.tsx';

/** `/admin/payment-links/:id`: a link, its address, what it sells and how its checkout behaves. */
export function PaymentLinkPage() {
  const t = useTranslate();
  const { id = '' } = useParams();
  const query = usePaymentLink(id);
  const link = query.data;

  return (
    <>
      <Button component={RouterLink} to=".." relative="path" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('payment.admin.links.title')}
      </Button>
      {link ? (
        <>
          <AdminPageHeading
            title={link.name}
            status={<ActiveChip isActive={link.active} />}
            actions={<PaymentLinkActions link={link} />}
          />
          <PaymentLinkDetails link={link} />
        </>
      ) : (
        <DetailLoadState error={query.error} notFoundText={t('payment.admin.link.notFound')} />
      )}
    </>
  );
}
