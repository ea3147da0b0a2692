import { describe, expect, it } from 'vitest';
import { checkoutAddress, extraParamsFrom, sameOriginReferer } from './addresses.ts';

describe('addresses', () => {
  it('keeps the extra query parameters when the address moves to the session', () => {
    expect(checkoutAddress('/payment-kit', 'cs_1', '?ref=mail&locale=zh')).toBe(
      '/payment-kit/checkout/pay/cs_1?ref=mail&locale=zh',
    );
    expect(checkoutAddress('/payment-kit', 'cs_1', '')).toBe('/payment-kit/checkout/pay/cs_1');
    expect(checkoutAddress('/', 'cs_1', '?a=1')).toBe('/checkout/pay/cs_1?a=1');
  });

  it('passes only the parameters the page does not read itself to a session start', () => {
    expect(extraParamsFrom('?ref=mail&locale=zh&currencyId=pc_1&livemode=false&qty=2')).toEqual({
      ref: 'mail',
      qty: '2',
    });
  });

  it('links back only to an address on the same origin', () => {
    const origin = 'http://localhost:3000';
    expect(sameOriginReferer('http://localhost:3000/payment-kit/checkout/pay/cs_1?x=1', origin)).toBe(
      'http://localhost:3000/payment-kit/checkout/pay/cs_1?x=1',
    );
    expect(sameOriginReferer('/payment-kit/checkout/pay/cs_1', origin)).toBe(
      'http://localhost:3000/payment-kit/checkout/pay/cs_1',
    );
    for (const unsafe of [
      'https://evil.example/',
      '//evil.example/x',
      'javascript:alert(1)',
      'http://[bad',
      '',
    ]) {
      expect(sameOriginReferer(unsafe, origin), unsafe).toBeNull();
    }
    expect(sameOriginReferer(null, origin)).toBeNull();
  });
});
