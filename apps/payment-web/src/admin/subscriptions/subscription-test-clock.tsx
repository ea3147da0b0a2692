import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { formatDateTimeMinutes, useTranslate } from '@bazaar/payment-react';
import { useTestClock } from '../api/use-test-clocks.ts';
import { DetailList } from '../components/detail-list.tsx';

/** The test clock the subscription lives in: its name and the time it stands at (read again while it advances), opening its page. */
export function SubscriptionTestClock({ clockId }: { clockId: string }) {
  const t = useTranslate();
  const clock = useTestClock(clockId, { isAdvancing: false }).data;
  if (!clock) return null;
  const time = formatDateTimeMinutes(clock.frozen_time);
  return (
    <DetailList
      rows={[
        [
          t('payment.admin.subscriptions.testClock'),
          <Link key="clock" component={RouterLink} to={`/admin/test-clocks/${encodeURIComponent(clock.id)}`}>
            {t('payment.admin.subscriptions.testClockAt', { name: clock.name, time })}
          </Link>,
        ],
      ]}
    />
  );
}
