import type { MessageKey } from '@bazaar/i18n';
import type { BillingReason, Invoice } from '@bazaar/schemas';

type InvoiceReasonKey = Extract<MessageKey, `payment.invoice.reason.${string}`>;

/**
 * The text of each billing reason. A `Record` over every reason, so a reason added to the schema
 * does not compile until it is given its text here.
 */
const REASON_KEYS: Record<BillingReason, InvoiceReasonKey> = {
  subscription_create: 'payment.invoice.reason.creation',
  subscription_cycle: 'payment.invoice.reason.cycle',
  subscription_update: 'payment.invoice.reason.update',
  subscription_recover: 'payment.invoice.reason.recover',
  subscription_threshold: 'payment.invoice.reason.threshold',
  subscription_cancel: 'payment.invoice.reason.cancel',
  manual: 'payment.invoice.reason.manual',
  upcoming: 'payment.invoice.reason.upcoming',
  slash_stake: 'payment.invoice.reason.slashStake',
  stake: 'payment.invoice.reason.stake',
  return_stake: 'payment.invoice.reason.returnStake',
  recharge: 'payment.invoice.reason.recharge',
  stake_overdraft_protection: 'payment.invoice.reason.stakeForSubscriptionOverdraftProtection',
  overdraft_protection: 'payment.invoice.reason.overdraftProtection',
};

/**
 * What the lists' type column says of an invoice: `t(invoiceReasonKey(invoice))`. A checkout
 * writes its invoice as `manual` too, so a manual invoice with a checkout session is a purchase.
 */
export function invoiceReasonKey(
  invoice: Pick<Invoice, 'billing_reason' | 'checkout_session_id'>,
): InvoiceReasonKey {
  if (invoice.billing_reason === 'manual' && invoice.checkout_session_id) {
    return 'payment.invoice.reason.payment';
  }
  return REASON_KEYS[invoice.billing_reason];
}
