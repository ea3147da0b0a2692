import Typography from '@mui/material/Typography';
import { formatDate, useTranslate } from '@bazaar/payment-react';
import type { Subscription } from '@bazaar/schemas';
import { useResumeSubscription } from '../api/use-subscriptions.ts';
import { ConfirmActionDialog } from './confirm-action-dialog.tsx';

/** Withdraws a pending cancellation, after saying when the subscription renews instead. */
export function ResumeSubscriptionDialog({
  subscription,
  onClose,
}: {
  subscription: Subscription;
  onClose: () => void;
}) {
  const t = useTranslate();
  const resume = useResumeSubscription(subscription.id);
  const title = t('payment.admin.subscriptions.resume');
  return (
    <ConfirmActionDialog
      title={title}
      onClose={onClose}
      confirmLabel={title}
      dismissLabel={t('common.cancel')}
      isPending={resume.isPending}
      error={resume.error}
      onConfirm={() => resume.mutate(undefined, { onSuccess: onClose })}
    >
      <Typography variant="body2">
        {t('payment.admin.subscriptions.resumeConfirm', {
          date: formatDate(subscription.current_period_end),
        })}
      </Typography>
    </ConfirmActionDialog>
  );
}
