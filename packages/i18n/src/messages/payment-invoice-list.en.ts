/** The customer's invoice lists (`InvoiceTable`, `InvoiceGroupedList`) and what the status chip adds. */
export const paymentInvoiceListEn = {
  'payment.invoiceList.label': 'Invoices',
  'payment.invoiceList.type': 'Type',
  'payment.invoiceList.number': 'Invoice number',
  'payment.invoiceList.subscription': 'Subscription',
  'payment.invoiceList.date': 'Date',
  'payment.invoiceList.status': 'Status',
  'payment.invoiceList.loadMore': 'Load more',
  'payment.invoiceList.empty': 'No invoices yet',
  'payment.invoiceList.nextInvoice': 'Your next invoice is on {date}',
  'payment.invoiceList.paid': 'Invoice paid',
  'payment.invoiceList.noPaymentRequired': 'No payment required',
};
