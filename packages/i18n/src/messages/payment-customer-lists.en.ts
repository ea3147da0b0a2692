/** The customer area's payment history and subscription list. */
export const paymentCustomerListsEn = {
  'payment.payments.title': 'Payments',
  'payment.payments.empty': 'No payments yet.',
  'payment.payments.status.succeeded': 'Paid',
  'payment.payments.status.failed': 'Failed',
  'payment.payments.status.processing': 'Processing',
  'payment.payments.status.canceled': 'Canceled',
  'payment.payments.status.incomplete': 'Incomplete',
  'payment.payments.viewInvoice': 'View invoice',
  'payment.subscriptions.title': 'Subscriptions',
  'payment.subscriptions.empty': 'No subscriptions yet.',
  'payment.subscriptions.emptyCurrent': 'No active subscriptions.',
  'payment.subscriptions.showEnded': 'Show ended subscriptions too',
  'payment.subscriptions.hideEnded': 'Hide ended subscriptions',
  'payment.subscriptions.endsOn': 'Ends {date}',
  'payment.subscriptions.endedOn': 'Ended {date}',
};
