import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { cardBrandName } from '@bazaar/i18n';
import { formatDate, formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import { shortAddress, type ListedSubscription } from '@bazaar/schemas';
import { DetailList } from '../components/detail-list.tsx';
import { describePeriodAmount } from './subscription-summary.ts';

/** The subscription's fields as labels and values: whose it is, its periods, how it ends, how it pays. */
export function SubscriptionFacts({ subscription }: { subscription: ListedSubscription }) {
  const t = useTranslate();
  const { customer, payment_card: card, cancelation_details: cancelation } = subscription;
  const period = (start: number, end: number) =>
    t('payment.subscription.period', { start: formatDate(start), end: formatDate(end) });
  const paymentMethod = card
    ? t('payment.subscription.card', { brand: cardBrandName(card.brand), last4: card.last4 })
    : subscription.payer_address
      ? t('payment.subscription.wallet', { address: shortAddress(subscription.payer_address) })
      : t('payment.subscription.noCard');
  const reason = cancelation
    ? [
        t(
          cancelation.reason === 'payment_failed'
            ? 'payment.admin.subscriptions.paymentFailed'
            : 'payment.admin.subscriptions.requested',
        ),
        cancelation.feedback ? t(`payment.admin.subscriptions.feedback.${cancelation.feedback}`) : '',
        cancelation.comment ?? '',
      ]
        .filter(Boolean)
        .join(' · ')
    : '';

  const rows = [
    [t('payment.admin.field.id'), subscription.id],
    [
      t('payment.admin.subscriptions.customer'),
      <Link key="customer" component={RouterLink} to={`/admin/customers/${encodeURIComponent(customer.id)}`}>
        {customer.name || customer.email || customer.did}
      </Link>,
    ],
    [t('payment.admin.subscriptions.amount'), describePeriodAmount(subscription, t) ?? ''],
    [
      t('payment.subscription.currentPeriod'),
      period(subscription.current_period_start, subscription.current_period_end),
    ],
    [
      t('payment.admin.subscriptions.trial'),
      subscription.trial_start !== null && subscription.trial_end !== null
        ? period(subscription.trial_start, subscription.trial_end)
        : '',
    ],
    [t('payment.admin.subscriptions.billingCycleAnchor'), formatDate(subscription.billing_cycle_anchor)],
    [t('payment.subscription.paymentMethod'), paymentMethod],
    [t('payment.admin.subscriptions.cancelReason'), reason],
    [
      t('payment.admin.subscriptions.ended'),
      subscription.ended_at === null ? '' : formatDateTimeMinutes(subscription.ended_at),
    ],
    [t('payment.admin.field.created'), formatDateTimeMinutes(subscription.created_at)],
  ] as const;
  return <DetailList rows={rows} />;
}
