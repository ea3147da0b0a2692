/**
 * Why an invoice exists, as the invoice lists' type column says it: one key per reason the kit's
 * texts name; `invoiceReasonKey` (payment-react) maps each billing reason to one.
 */
export const paymentInvoiceReasonsEn = {
  'payment.invoice.reason.creation': 'Subscription created',
  'payment.invoice.reason.cycle': 'Subscription renewal',
  'payment.invoice.reason.staking': 'Staking',
  'payment.invoice.reason.update': 'Subscription change',
  'payment.invoice.reason.recover': 'Subscription recovered',
  'payment.invoice.reason.threshold': 'Metered usage',
  'payment.invoice.reason.cancel': 'Subscription canceled',
  'payment.invoice.reason.manual': 'One-time payment',
  'payment.invoice.reason.upcoming': 'Upcoming invoice',
  'payment.invoice.reason.slashStake': 'Stake slashed',
  'payment.invoice.reason.stake': 'Stake',
  'payment.invoice.reason.payment': 'Payment',
  'payment.invoice.reason.returnStake': 'Stake returned',
  'payment.invoice.reason.stakeForChangePlan': 'Stake for a plan change',
  'payment.invoice.reason.stakeForChangePayment': 'Stake for a payment method change',
  'payment.invoice.reason.recharge': 'Top-up',
  'payment.invoice.reason.rechargeForSubscription': 'Top-up for a subscription',
  'payment.invoice.reason.overdraftProtection': 'Overdraft protection',
  'payment.invoice.reason.stakeForSubscriptionOverdraftProtection':
    'Stake for subscription overdraft protection',
  'payment.invoice.reason.gas': 'Network fee',
  'payment.invoice.reason.fee': 'Fee',
  'payment.error.payInvoiceFailed': 'Failed to pay the invoice',
  'payment.error.renewSubscriptionFailed': 'Failed to renew the subscription',
};
