/** Where a payment's page is, from anywhere in the dashboard: lists of other objects link to it. */
export function paymentPath(id: string): string {
  return `/admin/payments/${encodeURIComponent(id)}`;
}
