import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@bazaar/money';
import type { ListedRefund } from '@bazaar/schemas';
import { formatDateTime } from '../format/format-date.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { REFUND_STATUS_COLOR } from './invoice-refunds.tsx';
import { PagedList, usePaging } from './paged-list.tsx';
import { RowStatus } from './row-status.tsx';
import { useRefundHistory } from './use-customer-lists.ts';

function RefundRow({ refund }: { refund: ListedRefund }) {
  const { t } = usePaymentContext();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 150 }}>
        {formatDateTime(refund.created_at)}
      </Typography>
      <Typography sx={{ fontWeight: 600, minWidth: 110 }}>
        {formatMoney(refund.amount, refund.currency)}
      </Typography>
      <Stack sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2">
          {t(`payment.refund.type.${refund.type}`)} · {t(`payment.customer.refunds.reason.${refund.reason}`)}
        </Typography>
        {refund.description ? (
          <Typography variant="body2" color="text.secondary" noWrap>
            {refund.description}
          </Typography>
        ) : null}
      </Stack>
      <RowStatus
        color={REFUND_STATUS_COLOR[refund.status]}
        label={t(`payment.refund.status.${refund.status}`)}
        invoiceId={refund.invoice_id}
      />
    </>
  );
}

/**
 * What was given back of the signed-in customer's payments, newest first: when, how much, why,
 * what became of it, and the invoice it was paid on (whose page shows the payment).
 */
export function RefundHistory() {
  const { t } = usePaymentContext();
  const paging = usePaging();
  return (
    <PagedList
      query={useRefundHistory(paging)}
      paging={paging}
      label={t('payment.refund.title')}
      emptyText={t('payment.customer.refunds.empty')}
      renderItem={(refund) => <RefundRow refund={refund} />}
    />
  );
}
