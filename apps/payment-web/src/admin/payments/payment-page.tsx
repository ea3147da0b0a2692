import { useState } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useParams } from 'react-router';
import { formatMoney, useTranslate } from '@bazaar/payment-react';
import { usePayment, usePaymentsLiveRefresh } from '../api/use-payments.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { DetailLoadState } from '../components/detail-load-state.tsx';
import { PaymentFacts } from './payment-facts.tsx';
import { PaymentRefundList } from './payment-refund-list.tsx';
import { PaymentStateChip } from './payment-state-chip.tsx';
import { RefundDialog } from './refund-dialog.tsx';

/**
 * `/admin/payments/:id`: a payment's facts, its refunds, and a refund of what is left of it; the
 * page shows the new refund, and the smaller amount left, once the refund is made.
 */
export function PaymentPage() {
  const t = useTranslate();
  const { id = '' } = useParams();
  const query = usePayment(id);
  usePaymentsLiveRefresh();
  const payment = query.data;
  const [isRefunding, setIsRefunding] = useState(false);

  return (
    <>
      <Button component={RouterLink} to=".." relative="path" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('payment.admin.payments.title')}
      </Button>
      {payment ? (
        <>
          <AdminPageHeading
            title={formatMoney(payment.amount, payment.currency)}
            status={<PaymentStateChip payment={payment} />}
            actions={
              BigInt(payment.amount_refundable) > 0n ? (
                <Button variant="outlined" onClick={() => setIsRefunding(true)}>
                  {t('payment.admin.refund.action')}
                </Button>
              ) : null
            }
          />
          <Stack spacing={4}>
            <PaymentFacts payment={payment} />
            <PaymentRefundList payment={payment} />
          </Stack>
          <RefundDialog payment={payment} isOpen={isRefunding} onClose={() => setIsRefunding(false)} />
        </>
      ) : (
        <DetailLoadState error={query.error} notFoundText={t('payment.admin.payment.notFound')} />
      )}
    </>
  );
}
