import { useState } from 'react';
import Button from '@mui/material/Button';
import type { MessageKey } from '@bazaar/i18n';
import { ChangePlanDialog, type PlanChangeTexts } from '@bazaar/payment-react/customer';
import { useTranslate } from '@bazaar/payment-react';
import type { Subscription } from '@bazaar/schemas';
import { useSubscriptionChanged } from '../api/use-subscriptions.ts';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog.tsx';
import { ResumeSubscriptionDialog } from './resume-subscription-dialog.tsx';
import { subscriptionActions, type SubscriptionAction } from './subscription-action-list.ts';

const LABELS: Record<SubscriptionAction, MessageKey> = {
  changePlan: 'payment.subscription.changePlan.action',
  resume: 'payment.admin.subscriptions.resume',
  cancelAtPeriodEnd: 'payment.admin.subscriptions.cancelAtPeriodEnd',
  cancelNow: 'payment.admin.subscriptions.cancelNow',
};

/** The plan change as an admin makes it for the customer: the customer's card pays what is due. */
const ADMIN_PLAN_CHANGE_TEXTS: PlanChangeTexts = {
  choose: 'payment.admin.subscriptions.changePlan.choose',
  confirmPay: 'payment.admin.subscriptions.changePlan.confirmPay',
  failed: 'payment.admin.subscriptions.changePlan.failed',
  appliedCredit: 'payment.admin.subscriptions.changePlan.appliedCredit',
  restartsPeriod: 'payment.admin.subscriptions.changePlan.restartsPeriod',
  trialNotice: 'payment.admin.subscriptions.changePlan.trialNotice',
};

/** The subscription's actions, each confirmed in a dialog; the page reads the subscription again after one. */
export function SubscriptionActions({ subscription }: { subscription: Subscription }) {
  const t = useTranslate();
  const [dialog, setDialog] = useState<SubscriptionAction | null>(null);
  const onChanged = useSubscriptionChanged(subscription.id);
  const close = () => setDialog(null);

  return (
    <>
      {subscriptionActions(subscription).map((action) => (
        <Button
          key={action}
          variant="outlined"
          color={action === 'cancelAtPeriodEnd' || action === 'cancelNow' ? 'error' : 'primary'}
          onClick={() => setDialog(action)}
        >
          {t(LABELS[action])}
        </Button>
      ))}
      {dialog === 'changePlan' ? (
        <ChangePlanDialog
          subscription={subscription}
          texts={ADMIN_PLAN_CHANGE_TEXTS}
          onClose={close}
          onChanged={() => {
            close();
            void onChanged();
          }}
        />
      ) : null}
      {dialog === 'resume' ? <ResumeSubscriptionDialog subscription={subscription} onClose={close} /> : null}
      {dialog === 'cancelAtPeriodEnd' || dialog === 'cancelNow' ? (
        <CancelSubscriptionDialog
          subscription={subscription}
          at={dialog === 'cancelNow' ? 'now' : 'period_end'}
          onClose={close}
        />
      ) : null}
    </>
  );
}
