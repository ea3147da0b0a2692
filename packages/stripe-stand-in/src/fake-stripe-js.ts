import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let source: string | undefined;

/**
 * The stand-in's Stripe.js as JavaScript source, to answer https://js.stripe.com/** in Chromium
 * (routeStripeJs does). It is a plain script kept in browser/stripe.js, read once.
 */
export function fakeStripeJsSource(): string {
  // A path from a string, not `new URL(…)`: a DOM-like test environment may replace the global URL.
  source ??= readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'browser', 'stripe.js'), 'utf8');
  return source;
}
