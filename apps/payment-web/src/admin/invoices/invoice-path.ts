/** Where an invoice's page is, from anywhere in the dashboard: lists of other objects link to it. */
export function invoicePagePath(id: string): string {
  return `/admin/invoices/${encodeURIComponent(id)}`;
}
