/** Where an invoice's page is, from anywhere in the dashboard: lists of other objects link to it. */
export function invoicePagePath(id: string): string {
  return `/admin/invoices/${encodeURIComponent(id)}`;
}

/** The invoice list narrowed to one customer's invoices. */
export function customerInvoicesPath(customerId: string): string {
  return `/admin/invoices?${new URLSearchParams({ customer_id: customerId })}`;
}

/** Where the invoice's customer sees it and pays it: `https://host/payment-kit/customer/invoice/in_…`. */
export function customerInvoiceAddress(apiBaseUrl: string, id: string): string {
  return `${apiBaseUrl.replace(/\/$/, '')}/customer/invoice/${encodeURIComponent(id)}`;
}
