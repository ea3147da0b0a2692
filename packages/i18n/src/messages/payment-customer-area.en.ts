/** The customer area's overview page: the details form, the past-due notice and the refund list. */
export const paymentCustomerAreaEn = {
  'payment.customer.title': 'Your account',
  'payment.customer.invoices': 'Invoices',

  'payment.customer.details.title': 'Details',
  'payment.customer.details.description':
    'Your contact details and billing address, used on your invoices and to fill in checkout.',
  'payment.customer.details.save': 'Save',
  'payment.customer.details.saved': 'Your details have been saved.',

  'payment.customer.pastDue.notice': 'You have {count} past-due invoices: {amount} due.',
  // Plural forms are chosen by count; the English one names a single invoice.
  'payment.customer.pastDue.notice_one': 'You have 1 past-due invoice: {amount} due.',
  'payment.customer.pastDue.hint': 'Pay what is due to keep your subscriptions and make new purchases.',
  'payment.customer.pastDue.pay': 'Pay now',

  'payment.customer.refunds.empty': 'No refunds yet.',
  'payment.customer.refunds.reason.duplicate': 'Duplicate payment',
  'payment.customer.refunds.reason.requested_by_customer': 'Requested by you',
  'payment.customer.refunds.reason.requested_by_admin': 'Issued by the seller',
  'payment.customer.refunds.reason.fraudulent': 'Fraudulent payment',
};
