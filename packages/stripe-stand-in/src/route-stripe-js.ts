import { fakeStripeJsSource } from './fake-stripe-js.ts';
import type { RouteLike, RouteRequestLike, RouteTarget, StripeStandIn } from './types.ts';

const STRIPE_JS = /^https:\/\/js\.stripe\.com\//;
const STRIPE_API = /^https:\/\/api\.stripe\.com\//;

/** Headers a proxy must not pass on: they describe one connection, not the message. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'content-encoding',
  'proxy-connection',
]);

function passable(headers: Iterable<[string, string]>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of headers) if (!HOP_BY_HOP.has(name.toLowerCase())) kept[name] = value;
  return kept;
}

/** Sends the browser's request to api.stripe.com on to the stand-in, and its answer back. */
async function forward(route: RouteLike, request: RouteRequestLike, apiUrl: string): Promise<void> {
  const source = new URL(request.url());
  const method = request.method();
  const posted = method === 'GET' || method === 'HEAD' ? null : request.postDataBuffer();
  const body = posted ? new Uint8Array(posted) : undefined;
  let response: Response;
  try {
    response = await fetch(`${apiUrl}${source.pathname}${source.search}`, {
      method,
      headers: passable(Object.entries(request.headers())),
      body,
    });
  } catch (error) {
    await route.fulfill({
      status: 502,
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: JSON.stringify({
        error: { type: 'api_error', message: `The Stripe stand-in is not answering: ${String(error)}` },
      }),
    });
    return;
  }
  await route.fulfill({
    status: response.status,
    headers: passable(response.headers),
    body: Buffer.from(await response.arrayBuffer()),
  });
}

/**
 * Wires a Playwright BrowserContext or Page so that https://js.stripe.com/** answers the stand-in's
 * Stripe.js and https://api.stripe.com/** is answered by the stand-in (method, path, query, body
 * and headers passed on; its status, headers and body passed back).
 */
export async function routeStripeJs(target: RouteTarget, standIn: Pick<StripeStandIn, 'url'>): Promise<void> {
  await target.route(STRIPE_JS, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/javascript',
      headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' },
      body: fakeStripeJsSource(),
    }),
  );
  await target.route(STRIPE_API, (route, request) => forward(route, request, standIn.url));
}
