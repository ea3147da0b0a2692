import { queryKeys } from '@bazaar/payment-react';

/** The dashboard's query keys, under the kit's own so a mode switch or sign-out reaches them too. */
export const adminKeys = {
  all: (livemode: boolean) => [...queryKeys.all, 'admin', livemode] as const,
  products: (livemode: boolean) => [...adminKeys.all(livemode), 'products'] as const,
  productPage: (livemode: boolean, query: Record<string, string>) =>
    [...adminKeys.products(livemode), 'page', query] as const,
  product: (livemode: boolean, id: string) => [...adminKeys.products(livemode), id] as const,
  prices: (livemode: boolean) => [...adminKeys.all(livemode), 'prices'] as const,
  pricesOfProduct: (livemode: boolean, productId: string) =>
    [...adminKeys.prices(livemode), 'product', productId] as const,
  priceSearch: (livemode: boolean, query: Record<string, string>) =>
    [...adminKeys.prices(livemode), 'search', query] as const,
  price: (livemode: boolean, id: string) => [...adminKeys.prices(livemode), id] as const,
  currencies: (livemode: boolean) => [...adminKeys.all(livemode), 'currencies'] as const,
  paymentLinks: (livemode: boolean) => [...adminKeys.all(livemode), 'payment-links'] as const,
  paymentLinkPage: (livemode: boolean, query: Record<string, string>) =>
    [...adminKeys.paymentLinks(livemode), 'page', query] as const,
  paymentLink: (livemode: boolean, id: string) => [...adminKeys.paymentLinks(livemode), id] as const,
  invoices: (livemode: boolean) => [...adminKeys.all(livemode), 'invoices'] as const,
  invoicePage: (livemode: boolean, query: Record<string, string>) =>
    [...adminKeys.invoices(livemode), 'page', query] as const,
};
