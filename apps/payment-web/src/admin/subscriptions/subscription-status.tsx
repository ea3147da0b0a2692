import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate, useTranslate } from '@bazaar/payment-react';
import { SubscriptionStatusChip } from '@bazaar/payment-react/customer';
import type { Subscription } from '@bazaar/schemas';

/** Its status, and when a pending cancellation takes effect: an active subscription that ends soon is not simply active. */
export function SubscriptionStatus({ subscription }: { subscription: Subscription }) {
  const t = useTranslate();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <SubscriptionStatusChip status={subscription.status} />
      {subscription.cancel_at_period_end ? (
        <Typography variant="caption" color="warning.main">
          {t('payment.admin.subscriptions.cancelsOn', { date: formatDate(subscription.current_period_end) })}
        </Typography>
      ) : null}
    </Stack>
  );
}
