/** Past-due texts: the overdue dialog (a chain currency paid by the wallet), paying an invoice on its page, the past-due page. */
export const paymentOverdueEn = {
  'payment.error.notSupport': 'This payment method is not supported',
  'payment.error.OVERDUE_TARGET_REQUIRED': 'Either subscriptionId or customerId must be provided',
  'payment.error.INVOICE_UNEXPECTED_STATE': 'This invoice cannot be paid now. Please reload the page.',

  'payment.overdue.title': 'Past-due invoices',
  'payment.overdue.description.customer':
    'Your account has unpaid invoices. Please pay them to continue with new purchases.',
  'payment.overdue.description.subscription':
    'This subscription has unpaid invoices. Please pay them to keep it active.',
  'payment.overdue.rowDetail': '{method} · {count} invoices past due',
  /** i18next picks the `_one` form when `count` is 1. */
  'payment.overdue.rowDetail_one': '{method} · 1 invoice past due',
  'payment.overdue.payOnInvoicePage': 'Card invoices are paid on the invoice page. It opens in a new tab.',
  'payment.overdue.viewNow': 'View now',
  'payment.overdue.viewDetails': 'View details',
  'payment.overdue.empty': 'Nothing is past due.',
  'payment.overdue.close': 'Close',
  'payment.overdue.preparing': 'Preparing the payment…',
  'payment.overdue.approveNotice':
    'Your wallet will ask you to authorise up to {amount}: what is past due now and the renewals to come. Each payment is collected as it falls due.',

  'payment.invoice.amountDue': 'Amount due',
  'payment.invoice.dueOn': 'Due on {date}',
  'payment.invoice.pastDueNotice': 'This invoice is past due. Paying it lifts the hold on new purchases.',
  'payment.invoice.payNow': 'Pay now',
  'payment.invoice.paidNotice': 'Thank you, this invoice is paid.',
  'payment.invoice.approveNotice':
    'Your wallet will ask you to authorise up to {amount}: this invoice and later payments from this wallet. Each payment is collected only when it falls due.',

  'payment.pastDue.description': 'Pay these invoices to keep your subscriptions and make new purchases.',
  'payment.pastDue.back': 'Back',
  'payment.pastDue.empty': 'You have no past-due invoices.',
  'payment.pastDue.pay': 'View and pay',
  'payment.pastDue.totalDue': 'Total due',
};
