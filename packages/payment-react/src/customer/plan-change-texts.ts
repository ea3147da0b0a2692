import type { MessageKey } from '@bazaar/i18n';

/**
 * The lines of a plan change that speak to whoever makes it: the customer ("your balance"), or
 * an admin acting for them ("the customer's balance"). Everything else reads the same to both.
 */
export interface PlanChangeTexts {
  choose: MessageKey;
  confirmPay: MessageKey;
  failed: MessageKey;
  appliedCredit: MessageKey;
  restartsPeriod: MessageKey;
  trialNotice: MessageKey;
}

export const CUSTOMER_PLAN_CHANGE_TEXTS: PlanChangeTexts = {
  choose: 'payment.subscription.changePlan.choose',
  confirmPay: 'payment.subscription.changePlan.confirmPay',
  failed: 'payment.subscription.changePlan.failed',
  appliedCredit: 'payment.subscription.changePlan.appliedCredit',
  restartsPeriod: 'payment.subscription.changePlan.restartsPeriod',
  trialNotice: 'payment.subscription.changePlan.trialNotice',
};
