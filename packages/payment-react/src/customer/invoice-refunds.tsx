import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Invoice, Refund } from '@bazaar/schemas';
import { formatDateTime } from '../format/format-date.ts';
import { formatMoney } from '@bazaar/money';
import { transactionUrl } from '../format/format-payment-details.ts';
import { useTranslate } from '../provider/payment-context.ts';
import { TransactionHash } from './transaction-hash.tsx';

/** Refund status colours: succeeded reads as success, pending as a warning, failed as an error. */
export const REFUND_STATUS_COLOR: Record<Refund['status'], ChipProps['color']> = {
  succeeded: 'success',
  pending: 'warning',
  failed: 'error',
};

/**
 * What was given back of a paid invoice, oldest first: each refund's kind, amount, date and
 * status, and for a chain refund the vault's transaction, linked to the explorer the payment's is.
 */
export function InvoiceRefunds({ invoice }: { invoice: Invoice }) {
  const t = useTranslate();
  if (invoice.refunds.length === 0) return null;
  const paidOnChain =
    invoice.payment_details && 'tx_hash' in invoice.payment_details ? invoice.payment_details : null;

  return (
    <Stack spacing={1} component="section" aria-label={t('payment.refund.title')}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('payment.refund.title')}
      </Typography>
      {invoice.refunds.map((refund) => {
        const hash = refund.payment_details?.tx_hash;
        return (
          <Stack
            key={refund.id}
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography>
              {t('payment.refund.line', {
                type: t(`payment.refund.type.${refund.type}`),
                amount: formatMoney(refund.amount, invoice.currency),
                date: formatDateTime(refund.created_at),
              })}
            </Typography>
            <Chip
              size="small"
              color={REFUND_STATUS_COLOR[refund.status]}
              label={t(`payment.refund.status.${refund.status}`)}
            />
            {hash ? (
              <TransactionHash
                hash={hash}
                url={paidOnChain && transactionUrl({ ...paidOnChain, tx_hash: hash })}
              />
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}
