import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

const ORIGIN = 'https://bazaar.example';
const HOME = 'https://bazaar.example/';

describe('safeRedirect', () => {
  it.each([
    ['/payment-kit/customer?tab=invoices#top', `${ORIGIN}/payment-kit/customer?tab=invoices#top`],
    ['/', HOME],
    [
      'https://bazaar.example/payment-kit/checkout/pay/cs_1?ref=x',
      `${ORIGIN}/payment-kit/checkout/pay/cs_1?ref=x`,
    ],
    ['payment-kit', `${ORIGIN}/payment-kit`],
    ['HTTPS://BAZAAR.EXAMPLE:443/x', `${ORIGIN}/x`],
    ['https://bazaar.example@bazaar.example/x', `${ORIGIN}/x`],
    ['https:evil.example', `${ORIGIN}/evil.example`],
    ['https:/evil.example', `${ORIGIN}/evil.example`],
  ])('keeps %j on the site: %s', (target, expected) => {
    expect(safeRedirect(target, ORIGIN)).toBe(expected);
  });

  /**
   * Paths that normalise to `//evil.example/…`: handed back as a path, the browser would read
   * them as the host evil.example; as a full address they stay on the site.
   */
  it.each([
    ['/.//evil.example/x', `${ORIGIN}//evil.example/x`],
    ['/x/..//evil.example/x', `${ORIGIN}//evil.example/x`],
    ['/%2e//evil.example/x', `${ORIGIN}//evil.example/x`],
    ['/%2E%2E//evil.example/x', `${ORIGIN}//evil.example/x`],
    ['/./\\evil.example', `${ORIGIN}//evil.example`],
    ['/.\\\\evil.example', `${ORIGIN}//evil.example`],
  ])('answers %j with a full address on the site', (target, expected) => {
    const result = safeRedirect(target, ORIGIN);
    expect(result).toBe(expected);
    expect(new URL(result, 'https://elsewhere.example/').origin).toBe(ORIGIN);
  });

  it.each([
    null,
    '',
    'https://evil.example/steal',
    'http://bazaar.example/payment-kit',
    'https://bazaar.example.evil/x',
    'https://bazaar.example:8443/x',
    '//evil.example/steal',
    '///evil.example/steal',
    '\\\\evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'http:evil.example',
    'https:\\\\evil.example',
    'https://good@evil.example',
    'https://bazaar.example@evil.example/',
    'https://bazaar.example%40evil.example/',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    ' javascript:alert(1)',
    '\tjavascript:alert(1)',
    'javascript://bazaar.example/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'http://[::1]/',
    'http://localhost/',
  ])('sends %j home', (target) => {
    expect(safeRedirect(target, ORIGIN)).toBe(HOME);
  });
});
