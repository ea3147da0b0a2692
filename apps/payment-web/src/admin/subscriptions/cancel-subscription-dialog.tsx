import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDate, useTranslate } from '@bazaar/payment-react';
import { CANCELATION_FEEDBACK, type Subscription } from '@bazaar/schemas';
import { useCancelSubscription } from '../api/use-subscriptions.ts';
import { ConfirmActionDialog } from './confirm-action-dialog.tsx';

type Feedback = (typeof CANCELATION_FEEDBACK)[number];

const COMMENT_MAX_LENGTH = 1000;

interface CancelSubscriptionDialogProps {
  subscription: Subscription;
  /** At the end of the period it paid for, or at once. */
  at: 'period_end' | 'now';
  onClose: () => void;
}

/** Cancels at period end or now, after saying what that does, with the customer's reason if they gave one. */
export function CancelSubscriptionDialog({ subscription, at, onClose }: CancelSubscriptionDialogProps) {
  const t = useTranslate();
  const cancel = useCancelSubscription(subscription.id);
  const [feedback, setFeedback] = useState<Feedback | ''>('');
  const [comment, setComment] = useState('');
  const isNow = at === 'now';
  const title = t(
    isNow ? 'payment.admin.subscriptions.cancelNow' : 'payment.admin.subscriptions.cancelAtPeriodEnd',
  );
  const confirm = () =>
    cancel.mutate(
      { at, feedback: feedback || undefined, comment: comment.trim() || undefined },
      { onSuccess: onClose },
    );

  return (
    <ConfirmActionDialog
      title={title}
      onClose={onClose}
      confirmLabel={title}
      dismissLabel={t('payment.admin.subscriptions.keep')}
      isDestructive
      isPending={cancel.isPending}
      error={cancel.error}
      onConfirm={confirm}
    >
      <Typography variant="body2">
        {isNow
          ? t('payment.admin.subscriptions.cancelNowConfirm')
          : t('payment.admin.subscriptions.cancelAtPeriodEndConfirm', {
              date: formatDate(subscription.current_period_end),
            })}
      </Typography>
      <TextField
        select
        size="small"
        label={t('payment.admin.subscriptions.feedbackLabel')}
        value={feedback}
        onChange={(event) => setFeedback(event.target.value as Feedback | '')}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('payment.admin.subscriptions.noFeedback')}</MenuItem>
        {CANCELATION_FEEDBACK.map((reason) => (
          <MenuItem key={reason} value={reason}>
            {t(`payment.admin.subscriptions.feedback.${reason}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={t('payment.admin.subscriptions.comment')}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
      />
    </ConfirmActionDialog>
  );
}
