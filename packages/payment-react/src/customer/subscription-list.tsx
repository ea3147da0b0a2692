import { useCallback, useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CURRENT_SUBSCRIPTION_STATUSES, type Subscription } from '@bazaar/schemas';
import { formatDate } from '../format/format-date.ts';
import { usePaymentContext } from '../provider/payment-context.ts';
import { PagedList, usePaging } from './paged-list.tsx';
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
    <>
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
    </>
  );
}

/**
 * The signed-in customer's subscriptions, newest first: plan (to its page), what comes next,
 * status. `currentFirst`: only those the customer still has, with a switch to the ended ones too.
 */
export function SubscriptionList({ currentFirst = false }: { currentFirst?: boolean }) {
  const { t } = usePaymentContext();
  const paging = usePaging();
  const [showsEnded, setShowsEnded] = useState(!currentFirst);
  const { setPage } = paging;
  const toggleEnded = useCallback(() => {
    setShowsEnded((shown) => !shown);
    setPage(1);
  }, [setPage]);
  return (
    <Stack spacing={1} sx={{ alignItems: 'stretch' }}>
      <PagedList
        query={useSubscriptionList(paging, showsEnded ? undefined : CURRENT_SUBSCRIPTION_STATUSES)}
        paging={paging}
        label={t('payment.subscriptions.title')}
        emptyText={t(showsEnded ? 'payment.subscriptions.empty' : 'payment.subscriptions.emptyCurrent')}
        renderItem={(subscription) => <SubscriptionRow subscription={subscription} />}
      />
      {currentFirst ? (
        <Button size="small" onClick={toggleEnded} sx={{ alignSelf: 'flex-start' }}>
          {t(showsEnded ? 'payment.subscriptions.hideEnded' : 'payment.subscriptions.showEnded')}
        </Button>
      ) : null}
    </Stack>
  );
}
