/** Query parameters that the page itself reads and must not pass on to a session start. */
const PAGE_PARAMS = new Set(['locale', 'livemode', 'authToken', 'currencyId']);

/** The page's query minus the parameters the page consumes: what a payment link start receives. */
export function extraParamsFrom(search: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) if (!PAGE_PARAMS.has(key)) params[key] = value;
  return params;
}

/**
 * The address of a started session, keeping every query parameter:
 * `checkoutAddress('/payment-kit', 'cs_1', '?ref=x')` → `/payment-kit/checkout/pay/cs_1?ref=x`.
 */
export function checkoutAddress(mountPoint: string, checkoutSessionId: string, search: string): string {
  const base = mountPoint === '/' ? '' : mountPoint;
  const query = new URLSearchParams(search).toString();
  return `${base}/checkout/pay/${checkoutSessionId}${query ? `?${query}` : ''}`;
}

/**
 * A `?referer=` the page may link back to: only an http(s) address on its own origin, so a
 * crafted link cannot send the payer elsewhere. `null` for anything else.
 */
export function sameOriginReferer(referer: string | null, origin: string): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer, origin);
    return url.origin === origin && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : null;
  } catch {
    return null;
  }
}
