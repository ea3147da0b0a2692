import { describe, expect, it } from 'vitest';
import { createTranslator } from '@bazaar/i18n';
import { makeCheckout, makeLineItem, makePrice } from '../test-utils/checkout-builders.ts';
import { checkoutHeadline } from './checkout-headline.ts';

const en = createTranslator('en');
const zh = createTranslator('zh');
const monthly = (name: string) =>
  makeLineItem({
    price: makePrice({
      id: `price_${name}`,
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
      product: { ...makePrice().product, name },
    }),
  });

describe('checkoutHeadline', () => {
  it('asks to pay the payee for one-time and mixed carts', () => {
    expect(checkoutHeadline(makeCheckout(), en)).toBe('Pay Bazaar T-shirt');
    const mixed = makeCheckout({ line_items: [makeLineItem(), monthly('Club')] });
    expect(checkoutHeadline(mixed, zh)).toBe('支付给 Bazaar T-shirt');
  });

  it('subscribes to the first product and counts the others', () => {
    expect(checkoutHeadline(makeCheckout({ line_items: [monthly('Club')] }), en)).toBe('Subscribe to Club');
    const three = makeCheckout({ line_items: [monthly('Club'), monthly('News'), monthly('Chat')] });
    expect(checkoutHeadline(three, en)).toBe('Subscribe to Club and 2 more');
    expect(checkoutHeadline(three, zh)).toBe('订阅 Club 等 2 项');
  });
});
