/** The Payment Kit's admin dashboard: invoice detail and manual drafts. */
export const paymentAdminInvoicesEn = {
  'payment.admin.invoices.new': 'New invoice',
  'payment.admin.invoices.editTitle': 'Edit draft {number}',
  'payment.admin.invoices.ofCustomer': 'Customer: {name}',
  'payment.admin.invoices.allOfCustomer': 'All {count} invoices',
  'payment.admin.invoices.notFound': 'There is no such invoice in this mode.',
  'payment.admin.invoices.notADraft': 'Only a draft can be edited; this invoice has been finalized.',

  'payment.admin.invoices.subscription': 'Subscription',
  'payment.admin.invoices.reason': 'Billing reason',
  'payment.admin.invoices.period': 'Service period',
  'payment.admin.invoices.memo': 'Memo',
  'payment.admin.invoices.memoHelp': 'Printed on the invoice for the customer to read.',
  'payment.admin.invoices.collectedBy': 'Payment method',
  'payment.admin.invoices.finalized': 'Finalized',
  'payment.admin.invoices.customerPage': 'Customer’s invoice page',
  'payment.admin.invoices.openCustomerPage': 'Open the customer’s invoice page',
  'payment.admin.invoices.due': 'Due',
  'payment.admin.invoices.paid': 'Paid',
  'payment.admin.invoices.nextAttempt': 'Next collection attempt',
  'payment.admin.invoices.attempts': 'Collection attempts',
  'payment.admin.invoices.daysUntilDue': 'Days to pay',
  'payment.admin.invoices.daysUntilDueHelp': 'Counted from finalizing; 0 is due at once.',
  'payment.admin.invoices.dueAfterFinalizing': 'Due {count} days after finalizing',
  'payment.admin.invoices.dueAfterFinalizing_one': 'Due {count} day after finalizing',
  'payment.admin.invoices.lines': 'Items',

  'payment.admin.invoices.edit': 'Edit draft',
  'payment.admin.invoices.finalize': 'Finalize',
  'payment.admin.invoices.finalizeConfirm':
    'Finalize {number}? It is sent to the customer to pay and can no longer be edited. One that owes nothing is paid at once.',
  'payment.admin.invoices.void': 'Void',
  'payment.admin.invoices.voidConfirm':
    'Void {number}? The customer no longer owes it and cannot pay it. This cannot be undone.',
  'payment.admin.invoices.markUncollectible': 'Mark uncollectible',
  'payment.admin.invoices.markUncollectibleConfirm':
    'Mark {number} uncollectible? No more attempts are made to collect it, though the customer may still pay it.',

  'payment.admin.invoices.moveRefused': 'The invoice’s state does not allow this now: {reason}',

  'payment.admin.invoices.customerHelp': 'Search by name, email or DID.',
  'payment.admin.invoices.noCustomers': 'No customer matches',
  'payment.admin.invoices.lineNumber': 'Line {number}',
  'payment.admin.invoices.lineKind': 'Bills',
  'payment.admin.invoices.line.custom': 'A charge described here',
  'payment.admin.invoices.line.price': 'A price of the catalogue',
  'payment.admin.invoices.lineAdd': 'Add line',
  'payment.admin.invoices.lineRemove': 'Remove line {number}',
  'payment.admin.invoices.noPrices': 'No price on sale has a fixed amount in this currency.',
  'payment.admin.invoices.saveDraft': 'Save draft',
  'payment.admin.invoices.error.between': 'A whole number from {min} to {max}',
};
