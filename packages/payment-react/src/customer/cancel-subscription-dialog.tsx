import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CANCELATION_FEEDBACK, type Subscription } from '@bazaar/schemas';
import { extractErrorText } from '../api/error-text.ts';
import { formatDate } from '../format/format-date.ts';
import { useTranslate } from '../provider/payment-context.ts';
import { ActionDialog } from './action-dialog.tsx';
import { useCancelSubscription } from './use-subscription-actions.ts';

type Feedback = (typeof CANCELATION_FEEDBACK)[number];

const COMMENT_MAX_LENGTH = 1000;

export interface CancelSubscriptionDialogProps {
  subscription: Subscription;
  onClose: () => void;
  /** The server canceled it (at period end, or at once for a trial); the page shows which. */
  onCanceled: () => void;
}

/**
 * Asks why before canceling. A paid subscription runs to the end of its period; a free trial
 * ends at once, which the dialog says before the customer confirms.
 */
export function CancelSubscriptionDialog({
  subscription,
  onClose,
  onCanceled,
}: CancelSubscriptionDialogProps) {
  const t = useTranslate();
  const cancel = useCancelSubscription(subscription.id);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [comment, setComment] = useState('');
  const isTrial = subscription.status === 'trialing';
  const confirm = () =>
    cancel.mutate(
      { feedback: feedback ?? undefined, comment: comment.trim() || undefined },
      { onSuccess: () => onCanceled() },
    );

  return (
    <ActionDialog
      title={t('payment.subscription.cancel.title')}
      isBusy={cancel.isPending}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose} disabled={cancel.isPending}>
            {t('payment.subscription.cancel.keep')}
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={confirm}
            disabled={cancel.isPending}
            startIcon={cancel.isPending ? <CircularProgress size={18} color="inherit" /> : null}
          >
            {t('payment.subscription.cancel.confirm')}
          </Button>
        </>
      }
    >
      <Stack spacing={2.5}>
        {isTrial ? (
          <Alert severity="warning">{t('payment.subscription.cancel.trialNow')}</Alert>
        ) : (
          <Typography color="text.secondary">
            {t('payment.subscription.cancel.atPeriodEnd', {
              date: formatDate(subscription.current_period_end),
            })}
          </Typography>
        )}
        <FormControl>
          <FormLabel id="cancel-feedback-label">{t('payment.subscription.cancel.feedbackLabel')}</FormLabel>
          <RadioGroup
            aria-labelledby="cancel-feedback-label"
            value={feedback ?? ''}
            onChange={(event) => setFeedback(event.target.value as Feedback)}
          >
            {CANCELATION_FEEDBACK.map((reason) => (
              <FormControlLabel
                key={reason}
                value={reason}
                control={<Radio size="small" />}
                label={t(`payment.subscription.cancel.feedback.${reason}`)}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label={t('payment.subscription.cancel.comment')}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: COMMENT_MAX_LENGTH } }}
        />
        {cancel.error ? <Alert severity="error">{extractErrorText(cancel.error, t)}</Alert> : null}
      </Stack>
    </ActionDialog>
  );
}
