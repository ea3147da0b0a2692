import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useParams } from 'react-router';
import { formatDate, useTranslate } from '@bazaar/payment-react';
import { SubscriptionItems, SubscriptionStatusChip } from '@bazaar/payment-react/customer';
import type { ListedSubscription } from '@bazaar/schemas';
import { useSubscriptionDetails, useSubscriptionsLiveRefresh } from '../api/use-subscriptions.ts';
import { AdminPageHeading } from '../components/admin-page-heading.tsx';
import { DetailLoadState } from '../components/detail-load-state.tsx';
import { OwnedSection } from '../customers/owned-section.tsx';
import { SubscriptionActions } from './subscription-actions.tsx';
import { SubscriptionFacts } from './subscription-facts.tsx';
import { SubscriptionInvoices } from './subscription-invoices.tsx';
import { describeItems } from './subscription-summary.ts';
import { SubscriptionTestClock } from './subscription-test-clock.tsx';

/** What happens to it next, when that is not simply renewing: a pending cancellation, or its end. */
function SubscriptionEndNotice({ subscription }: { subscription: ListedSubscription }) {
  const t = useTranslate();
  if (subscription.cancel_at_period_end) {
    return (
      <Alert severity="warning" sx={{ mb: 3 }}>
        {t('payment.admin.subscriptions.cancelsOn', { date: formatDate(subscription.current_period_end) })}
      </Alert>
    );
  }
  if (subscription.status === 'canceled' && subscription.canceled_at !== null) {
    return (
      <Alert severity="info" sx={{ mb: 3 }}>
        {t('payment.admin.subscriptions.canceledOn', { date: formatDate(subscription.canceled_at) })}
      </Alert>
    );
  }
  return null;
}

/**
 * `/admin/subscriptions/:id`: a subscription, whose it is, its items, periods and invoices, and
 * what an admin may do with it: change its plan, cancel it at period end or now, resume it.
 */
export function SubscriptionPage() {
  const t = useTranslate();
  const { id = '' } = useParams();
  const query = useSubscriptionDetails(id);
  useSubscriptionsLiveRefresh();
  const subscription = query.data;

  return (
    <>
      <Button component={RouterLink} to=".." relative="path" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('payment.admin.subscriptions.title')}
      </Button>
      {subscription ? (
        <>
          <AdminPageHeading
            title={describeItems(subscription) || subscription.id}
            status={<SubscriptionStatusChip status={subscription.status} />}
            actions={<SubscriptionActions subscription={subscription} />}
          />
          <SubscriptionEndNotice subscription={subscription} />
          <Stack spacing={2}>
            <SubscriptionFacts subscription={subscription} />
            {subscription.test_clock_id ? (
              <SubscriptionTestClock clockId={subscription.test_clock_id} />
            ) : null}
          </Stack>
          <Stack spacing={4} sx={{ mt: 4 }}>
            <OwnedSection
              id="subscription-items"
              title={t('payment.admin.subscriptions.items')}
              count={subscription.items.length}
              emptyText=""
            >
              <Box sx={{ p: 2 }}>
                <SubscriptionItems items={subscription.items} currency={subscription.currency} />
              </Box>
            </OwnedSection>
            <SubscriptionInvoices subscription={subscription} />
          </Stack>
        </>
      ) : (
        <DetailLoadState error={query.error} notFoundText={t('payment.admin.subscriptions.notFound')} />
      )}
    </>
  );
}
