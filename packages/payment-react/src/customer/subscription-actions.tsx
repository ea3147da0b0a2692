import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { MessageKey } from '@bazaar/i18n';
import type { Subscription } from '@bazaar/schemas';
import { extractErrorText } from '../api/error-text.ts';
import { formatDate } from '../format/format-date.ts';
import { useTranslate } from '../provider/payment-context.ts';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog.tsx';
import { ChangeCardDialog } from './change-card-dialog.tsx';
import { ChangePlanDialog } from './change-plan-dialog.tsx';
import { describePlan } from './plan-option-list.tsx';
import { subscriptionActions, type SubscriptionAction } from './subscription-action-list.ts';
import { useResumeSubscription } from './use-subscription-actions.ts';

const LABELS: Record<SubscriptionAction, MessageKey> = {
  resume: 'payment.subscription.resume.action',
  changePlan: 'payment.subscription.changePlan.action',
  changeCard: 'payment.subscription.changePayment.action',
  cancel: 'payment.subscription.cancel.action',
};

type OpenDialog = Exclude<SubscriptionAction, 'resume'> | null;

/**
 * The subscription page's actions: resume at once, the others in a dialog. What an action did
 * is said in a line above the buttons; the page itself shows the subscription the server answered.
 */
export function SubscriptionActions({ subscription }: { subscription: Subscription }) {
  const t = useTranslate();
  const resume = useResumeSubscription(subscription.id);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const actions = subscriptionActions(subscription);
  const done = (text: string) => {
    setDialog(null);
    setNotice(text);
  };
  const onResume = () =>
    resume.mutate(undefined, {
      onSuccess: (resumed) =>
        setNotice(t('payment.subscription.resume.done', { date: formatDate(resumed.current_period_end) })),
    });

  return (
    <Stack spacing={1.5} component="section" aria-label={t('payment.subscription.actions')}>
      {subscription.cancel_at_period_end ? (
        <Alert severity="warning">
          {t('payment.subscription.resume.notice', { date: formatDate(subscription.current_period_end) })}
        </Alert>
      ) : null}
      {notice ? (
        <Alert severity="success" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      {resume.error ? <Alert severity="error">{extractErrorText(resume.error, t)}</Alert> : null}
      {actions.length > 0 ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'resume' ? 'contained' : 'outlined'}
              color={action === 'cancel' ? 'error' : 'primary'}
              disabled={resume.isPending}
              startIcon={
                action === 'resume' && resume.isPending ? (
                  <CircularProgress size={18} color="inherit" />
                ) : null
              }
              onClick={() => {
                setNotice(null);
                if (action === 'resume') onResume();
                else setDialog(action);
              }}
            >
              {t(LABELS[action])}
            </Button>
          ))}
        </Stack>
      ) : null}
      {dialog === 'cancel' ? (
        <CancelSubscriptionDialog
          subscription={subscription}
          onClose={() => setDialog(null)}
          onCanceled={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'changePlan' ? (
        <ChangePlanDialog
          subscription={subscription}
          onClose={() => setDialog(null)}
          onChanged={({ subscription: changed }) =>
            done(
              t('payment.subscription.changePlan.done', {
                plan: describePlan(changed.items[0]!, changed.currency, t),
              }),
            )
          }
        />
      ) : null}
      {dialog === 'changeCard' ? (
        <ChangeCardDialog
          subscription={subscription}
          onClose={() => setDialog(null)}
          onChanged={(changed) =>
            done(t('payment.subscription.changePayment.done', { last4: changed.payment_card?.last4 ?? '' }))
          }
        />
      ) : null}
    </Stack>
  );
}
