import type { Invoice } from '@bazaar/schemas';

const base = (paymentKitUrl: string) => paymentKitUrl.replace(/\/$/, '');

export function invoiceAddress(paymentKitUrl: string, invoiceId: string): string {
  return `${base(paymentKitUrl)}/customer/invoice/${encodeURIComponent(invoiceId)}`;
}

/** The signed-in customer's past-due invoices, with a way back to `referer` when given. */
export function pastDueAddress(paymentKitUrl: string, referer?: string | null): string {
  const query = referer ? `?${new URLSearchParams({ referer }).toString()}` : '';
  return `${base(paymentKitUrl)}/customer/invoice/past-due${query}`;
}

export function subscriptionAddress(paymentKitUrl: string, subscriptionId: string): string {
  return `${base(paymentKitUrl)}/customer/subscription/${encodeURIComponent(subscriptionId)}`;
}

/** Where to pay by card: the invoice itself when there is one, else the list of them. */
export function payOnPageAddress(
  paymentKitUrl: string,
  invoices: readonly Pick<Invoice, 'id'>[],
  referer?: string | null,
): string {
  const [only] = invoices;
  return invoices.length === 1 && only
    ? invoiceAddress(paymentKitUrl, only.id)
    : pastDueAddress(paymentKitUrl, referer);
}
