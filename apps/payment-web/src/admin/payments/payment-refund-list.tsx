import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatDateTimeMinutes,
  formatMoney,
  TransactionHash,
  transactionUrl,
  useTranslate,
} from '@bazaar/payment-react';
import type { AdminPayment } from '@bazaar/schemas';
import { OwnedRow, OwnedRows } from '../customers/owned-row.tsx';
import { OwnedSection } from '../customers/owned-section.tsx';
import { RefundStatusChip } from '../refunds/refund-status-chip.tsx';

/**
 * What was given back of a payment, oldest first: when, how much, why (and the admin's note),
 * what became of it (why it failed), and a chain refund's transaction.
 */
export function PaymentRefundList({ payment }: { payment: AdminPayment }) {
  const t = useTranslate();
  const { chain } = payment;
  return (
    <OwnedSection
      id="payment-refunds"
      title={t('payment.admin.refunds.title')}
      count={payment.refunds.length}
      emptyText={t('payment.admin.payment.noRefunds')}
    >
      <OwnedRows>
        {payment.refunds.map((refund) => {
          const hash = refund.payment_details?.tx_hash;
          return (
            <OwnedRow key={refund.id}>
              <Typography variant="body2" color="text.secondary" sx={{ minWidth: 140 }}>
                {formatDateTimeMinutes(refund.created_at)}
              </Typography>
              <Stack sx={{ flex: 1, minWidth: 160 }}>
                <Typography variant="body2">
                  {[t(`payment.admin.refund.reason.${refund.reason}`), refund.description]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                {refund.failure_message ? (
                  <Typography variant="body2" color="error">
                    {refund.failure_message}
                  </Typography>
                ) : null}
                {hash ? (
                  <TransactionHash
                    hash={hash}
                    url={chain && transactionUrl({ tx_hash: hash, explorer_host: chain.explorer_host })}
                  />
                ) : null}
              </Stack>
              <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 96, textAlign: 'right' }}>
                {formatMoney(refund.amount, payment.currency)}
              </Typography>
              <RefundStatusChip status={refund.status} />
            </OwnedRow>
          );
        })}
      </OwnedRows>
    </OwnedSection>
  );
}
