import type { AdminPaymentLink, AdminPrice, AdminProduct } from '@bazaar/schemas';
import { makePrice } from '@bazaar/payment-react/testing';
import type { SentRequest, StubAnswer } from './admin-api-stub.ts';
import { MIDDAY } from './customer-builders.ts';

/** Test builders: valid answers of the admin's product, price and payment link endpoints. */

/** A product as the admin routes answer it: the checkout's test product (a T-shirt) unless changed. */
export function makeAdminProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    ...makePrice().product,
    object: 'product',
    metadata: {},
    livemode: false,
    created_at: MIDDAY,
    ...overrides,
  };
}

/** A payment link as the admin routes answer it: one T-shirt, paid on the kit's confirmation page, unless changed. */
export function makeAdminPaymentLink(overrides: Partial<AdminPaymentLink> = {}): AdminPaymentLink {
  const price = makePrice();
  return {
    id: 'plink_shirt',
    object: 'payment_link',
    name: 'T-shirt',
    active: true,
    livemode: false,
    currency_id: price.currency_id,
    line_items: [{ price_id: price.id, quantity: 1, adjustable_quantity: null, cross_sell: false }],
    submit_type: 'auto',
    phone_number_collection: { enabled: false },
    billing_address_collection: 'auto',
    cross_sell_behavior: 'auto',
    subscription_data: null,
    after_completion: {
      type: 'hosted_confirmation',
      hosted_confirmation: { custom_message: '' },
      redirect: null,
    },
    donation_settings: null,
    expires_after_seconds: 86_400,
    metadata: {},
    created_at: MIDDAY,
    ...overrides,
  };
}

/**
 * `GET /prices` as the server answers a picker's search: of `prices`, those `q` finds (the id
 * whole, or text in the nickname or the product's name, any case), filtered by `active` and
 * `currency_id` as asked, a page at a time in the order given.
 */
export function answerPriceSearch(prices: readonly AdminPrice[]) {
  return ({ query }: SentRequest): StubAnswer => {
    const q = (query.get('q') ?? '').toLowerCase();
    const currencyId = query.get('currency_id');
    const found = prices.filter(
      (price) =>
        (!q ||
          price.id === query.get('q') ||
          `${price.nickname}\n${price.product.name}`.toLowerCase().includes(q)) &&
        (query.get('active') === null || String(price.active) === query.get('active')) &&
        (!currencyId ||
          price.currency_id === currencyId ||
          price.currency_options.some((option) => option.currency_id === currencyId)),
    );
    const pageSize = Number(query.get('pageSize') ?? 20);
    const start = (Number(query.get('page') ?? 1) - 1) * pageSize;
    return { body: { list: found.slice(start, start + pageSize), count: found.length } };
  };
}
