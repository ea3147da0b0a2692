import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDate, useTranslate } from '@bazaar/payment-react';
import { SubscriptionStatusChip } from '@bazaar/payment-react/customer';
import type { Subscription } from '@bazaar/schemas';
import { OwnedRow, OwnedRows } from './owned-row.tsx';

/** A subscription's products, as its items name them. */
const productNames = (subscription: Subscription) =>
  subscription.items.map((item) => item.price.product.name).join(', ');

/**
 * The customer's subscriptions, each opening its page: what they subscribe to, their status and
 * when the current period ends.
 */
export function CustomerSubscriptionList({ subscriptions }: { subscriptions: Subscription[] }) {
  const t = useTranslate();
  return (
    <OwnedRows>
      {subscriptions.map((subscription) => (
        <OwnedRow key={subscription.id}>
          <Link
            component={RouterLink}
            to={`/admin/subscriptions/${encodeURIComponent(subscription.id)}`}
            variant="body2"
            sx={{ flex: 1, minWidth: 140, fontWeight: 500 }}
          >
            {productNames(subscription) || subscription.id}
          </Link>
          <SubscriptionStatusChip status={subscription.status} />
          <Typography variant="body2" color="text.secondary">
            {t('payment.admin.customer.periodEnd', { date: formatDate(subscription.current_period_end) })}
          </Typography>
        </OwnedRow>
      ))}
    </OwnedRows>
  );
}
