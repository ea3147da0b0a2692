import Chip, { type ChipProps } from '@mui/material/Chip';
import type { SubscriptionStatus } from '@bazaar/schemas';
import { useTranslate } from '../provider/payment-context.ts';

/** The original kit's colours: active success, trialing primary, past_due error, canceled default, others warning. */
const SUBSCRIPTION_STATUS_COLOR: Record<SubscriptionStatus, ChipProps['color']> = {
  active: 'success',
  trialing: 'primary',
  past_due: 'error',
  canceled: 'default',
  incomplete: 'warning',
  incomplete_expired: 'warning',
  paused: 'warning',
};

export function SubscriptionStatusChip({ status }: { status: SubscriptionStatus }) {
  const t = useTranslate();
  return (
    <Chip
      size="small"
      color={SUBSCRIPTION_STATUS_COLOR[status]}
      label={t(`payment.subscription.status.${status}`)}
    />
  );
}
