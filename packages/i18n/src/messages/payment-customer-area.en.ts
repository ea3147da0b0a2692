/** The customer area's overview page. */
export const paymentCustomerAreaEn = {
  'payment.customer.title': 'Your account',
  'payment.customer.invoices': 'Invoices',
};
