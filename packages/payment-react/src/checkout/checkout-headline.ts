import type { Translate } from '@bazaar/i18n';
import type { StartCheckoutResponse } from '@bazaar/schemas';
import { linePrice } from './checkout-amounts.ts';

/**
 * The summary's first line, as the original kit words it: only subscriptions → "Subscribe to
 * {name}[ and {n} more]"; one-time or mixed carts → "Pay {payee}" (a mixed cart's renewal is
 * told by the "Then …" line under the total).
 */
export function checkoutHeadline(checkout: StartCheckoutResponse, t: Translate): string {
  const items = checkout.checkoutSession.line_items;
  const payee = checkout.paymentLink?.name || items[0]?.price.product.name || '';
  const isAllRecurring = items.length > 0 && items.every((item) => linePrice(item).type === 'recurring');
  if (!isAllRecurring) return t('payment.checkout.summary.payTo', { name: payee });
  const name = items[0]!.price.product.name;
  return items.length === 1
    ? t('payment.checkout.summary.subscribeTo', { name })
    : t('payment.checkout.summary.subscribeToMore', { name, count: items.length - 1 });
}
