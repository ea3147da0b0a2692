/** One place for every query key, so invalidation and prefetching cannot drift apart. */
export const queryKeys = {
  all: ['payment-kit'] as const,
  settings: (livemode: boolean) => [...queryKeys.all, 'settings', livemode] as const,
  checkout: (id: string) => [...queryKeys.all, 'checkout', id] as const,
  crossSell: (sessionId: string) => [...queryKeys.all, 'cross-sell', sessionId] as const,
  benefits: (paymentLinkId: string, amount: string | null) =>
    [...queryKeys.all, 'benefits', paymentLinkId, amount] as const,
  customerMe: (did: string | null, livemode: boolean) =>
    [...queryKeys.all, 'customer', 'me', did, livemode] as const,
  sessionUser: () => [...queryKeys.all, 'session-user'] as const,
  invoice: (id: string) => [...queryKeys.all, 'invoice', id] as const,
  subscription: (id: string) => [...queryKeys.all, 'subscription', id] as const,
  subscriptionInvoices: (subscriptionId: string) =>
    [...queryKeys.all, 'subscription', subscriptionId, 'invoices'] as const,
  /** Every invoice list of a mode, so one invalidation reaches pages and infinite lists alike. */
  invoiceLists: (livemode: boolean) => [...queryKeys.all, 'invoices', livemode] as const,
  /** One page of a list, keyed by the query string it sends (filters, page and size). */
  invoiceListPage: (livemode: boolean, params: Record<string, string>) =>
    [...queryKeys.invoiceLists(livemode), 'page', params] as const,
  /** A list read page after page, keyed by its filters and page size. */
  invoiceListPages: (livemode: boolean, params: Record<string, string>) =>
    [...queryKeys.invoiceLists(livemode), 'pages', params] as const,
  donateSetting: (mountLocation: string, livemode: boolean) =>
    [...queryKeys.all, 'donate-setting', mountLocation, livemode] as const,
  donation: (target: string, livemode: boolean) => [...queryKeys.all, 'donation', target, livemode] as const,
  supporters: (target: string, livemode: boolean) =>
    [...queryKeys.all, 'donation', target, livemode, 'supporters'] as const,
  donationSettings: (livemode: boolean) => [...queryKeys.all, 'donation-settings', livemode] as const,
  /** One page of the signed-in customer's payments, or of their subscriptions. */
  paymentHistory: (livemode: boolean, page: number, pageSize: number) =>
    [...queryKeys.all, 'payment-history', livemode, page, pageSize] as const,
  subscriptionList: (livemode: boolean, page: number, pageSize: number, statuses?: readonly string[]) =>
    [...queryKeys.all, 'subscription-list', livemode, page, pageSize, statuses?.join(',') ?? 'all'] as const,
  /** One page of the signed-in customer's refunds. */
  refundHistory: (livemode: boolean, page: number, pageSize: number) =>
    [...queryKeys.all, 'refund-history', livemode, page, pageSize] as const,
  overdueInvoices: (kind: 'subscription' | 'customer', id: string, livemode: boolean) =>
    [...queryKeys.all, 'overdue-invoices', kind, id, livemode] as const,
};
