import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import { useCustomerDetails } from '../api/use-customers.ts';
import { DetailList } from '../components/detail-list.tsx';

/**
 * The test clock the subscription lives in, read from its customer (the clock is the customer's:
 * their subscriptions move with them), an answer the customer's page shares.
 */
export function SubscriptionTestClock({ customerId }: { customerId: string }) {
  const t = useTranslate();
  const clock = useCustomerDetails(customerId).data?.test_clock;
  if (!clock) return null;
  const time = formatDateTimeMinutes(clock.frozen_time);
  return (
    <DetailList
      rows={[
        [
          t('payment.admin.subscriptions.testClock'),
          t('payment.admin.subscriptions.testClockAt', { name: clock.name, time }),
        ],
      ]}
    />
  );
}
