import type { IncomingHttpHeaders } from 'node:http';
import { AppError } from '@bazaar/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../user-service/session-cookie.ts';

/** The origins whose pages may act with the user's session cookie. */
export interface TrustedOrigins {
  /** The platform's own public origin (`PUBLIC_URL`). */
  publicUrl: string;
  /** Other sites that embed the kit's components (`EMBED_ORIGINS`). */
  embedOrigins: readonly string[];
}

/**
 * Whether a request comes from a page allowed to use the session cookie, judged by the headers
 * browsers set and pages cannot forge: `Sec-Fetch-Site: same-origin` (or `none`, typed by the
 * user), else an `Origin` that is the public origin or an embedder's. SameSite=Lax alone lets
 * another port or a sibling subdomain post with the cookie, so `same-site` is not enough. A
 * request with neither header does not come from a browser, which is the only thing that
 * attaches the victim's cookie on its own, so it is let through. The relay checks its websocket
 * upgrades with this too.
 */
export function isTrustedRequestOrigin(headers: IncomingHttpHeaders, trusted: TrustedOrigins): boolean {
  const site = headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return true;
  const origin = headers.origin;
  if (origin === undefined) return site === undefined;
  return origin === trusted.publicUrl || trusted.embedOrigins.includes(origin);
}

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * Throws unless a state-changing request comes from a trusted page (`isTrustedRequestOrigin`)
 * and, when it has a body, sends it as JSON. Browsers send text/plain, urlencoded and multipart
 * bodies across origins without asking first, and a route that reads no body (void an invoice,
 * log out) would take such a form post; JSON from another origin needs a CORS preflight we never
 * grant. Run it in an onRequest hook, before anything is parsed or written.
 */
export function assertTrustedStateChange(request: FastifyRequest, trusted: TrustedOrigins): void {
  if (!isTrustedRequestOrigin(request.headers, trusted)) {
    throw new AppError(
      'CROSS_ORIGIN_REFUSED',
      "Only this site's pages and its configured embedders may act with its cookies",
    );
  }
  if (hasBody(request) && !isJson(request.headers['content-type'])) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      "Requests carrying this site's cookies send their body as application/json",
    );
  }
}

/**
 * Refuses a state-changing request that carries the session cookie when it fails
 * `assertTrustedStateChange`. Requests without the cookie act as nobody, so they are left to the
 * routes (one that trusts another cookie, such as the analytics consent, asserts it itself).
 */
export function installRequestOriginCheck(app: FastifyInstance, trusted: TrustedOrigins): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING_METHODS.has(request.method) || request.cookies[SESSION_COOKIE] === undefined) return;
    assertTrustedStateChange(request, trusted);
  });
}
