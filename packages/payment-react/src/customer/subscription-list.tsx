import { useState } from 'react';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Subscription } from '@bazaar/schemas';
import { extractErrorText } from '../api/error-text.ts';
import { formatDate } from '../format/format-date.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { LIST_PAGE_SIZES, ListPagination } from './list-pagination.tsx';
import { SubscriptionStatusChip } from './subscription-status-chip.tsx';
import { useSubscriptionList } from './use-customer-lists.ts';

/** What comes next for a subscription: its trial's end, its next invoice, or its end. */
function NextDate({ subscription }: { subscription: Subscription }) {
  const { t } = usePaymentContext();
  if (subscription.ended_at !== null) {
    return <>{t('payment.subscriptions.endedOn', { date: formatDate(subscription.ended_at) })}</>;
  }
  const periodEnd = formatDate(subscription.current_period_end);
  if (subscription.cancel_at_period_end) return <>{t('payment.subscriptions.endsOn', { date: periodEnd })}</>;
  if (subscription.status === 'trialing' && subscription.trial_end !== null) {
    return <>{t('payment.subscription.trialEnds', { date: formatDate(subscription.trial_end) })}</>;
  }
  return <>{t('payment.subscription.nextInvoice', { date: periodEnd })}</>;
}

function SubscriptionRow({ subscription }: { subscription: Subscription }) {
  const { apiBaseUrl } = usePaymentContext();
  const plan = subscription.items.map((item) => item.price.product.name).join(', ');
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0.5, sm: 2 }}
      sx={{ py: 1.5, alignItems: { sm: 'center' }, borderBottom: 1, borderColor: 'divider' }}
    >
      <Link
        href={`${apiBaseUrl}/customer/subscription/${encodeURIComponent(subscription.id)}`}
        sx={{ flex: 1, minWidth: 0, fontWeight: 600 }}
      >
        {plan}
      </Link>
      <Typography variant="body2" color="text.secondary">
        <NextDate subscription={subscription} />
      </Typography>
      <SubscriptionStatusChip status={subscription.status} />
    </Stack>
  );
}

/** The signed-in customer's subscriptions, newest first: plan (to its page), what comes next, status. */
export function SubscriptionList() {
  const { t } = usePaymentContext();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const query = useSubscriptionList({ page, pageSize });
  if (query.error) return <Typography color="error">{extractErrorText(query.error, t)}</Typography>;
  if (!query.data) return <Skeleton variant="rounded" height={120} />;
  if (query.data.count === 0) {
    return <Typography color="text.secondary">{t('payment.subscriptions.empty')}</Typography>;
  }
  return (
    <Stack>
      <Stack
        component="ul"
        aria-label={t('payment.subscriptions.title')}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {query.data.list.map((subscription) => (
          <SubscriptionRow key={subscription.id} subscription={subscription} />
        ))}
      </Stack>
      {query.data.count > LIST_PAGE_SIZES[0]! ? (
        <ListPagination
          count={query.data.count}
          page={page - 1}
          pageSize={pageSize}
          onPageChange={(next) => setPage(next + 1)}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      ) : null}
    </Stack>
  );
}
