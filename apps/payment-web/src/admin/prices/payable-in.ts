import type { AdminPrice } from '@bazaar/schemas';

/** Whether a price can be paid in the currency: its own, or one of its other currencies. */
export function isPayableIn(price: AdminPrice, currencyId: string): boolean {
  return (
    price.currency_id === currencyId ||
    price.currency_options.some((option) => option.currency_id === currencyId)
  );
}
