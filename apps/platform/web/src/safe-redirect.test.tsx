import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

const ORIGIN = 'https://bazaar.example';

describe('safeRedirect', () => {
  it.each([
    ['/payment-kit/customer?tab=invoices#top', '/payment-kit/customer?tab=invoices#top'],
    ['/', '/'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/steal', '/'],
    ['//evil.example/steal', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['payment-kit', '/'],
    ['https://bazaar.example/payment-kit/checkout/pay/cs_1?ref=x', '/payment-kit/checkout/pay/cs_1?ref=x'],
    ['http://bazaar.example/payment-kit', '/'],
    ['https://bazaar.example.evil/x', '/'],
  ])('%s → %s', (target, expected) => {
    expect(safeRedirect(target, ORIGIN)).toBe(expected);
  });
});
