import type { FastifyInstance, FastifyRequest } from 'fastify';

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** A page load by a browser, as opposed to an API call or an asset fetched by script. */
function isPageLoad(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return (
    request.headers['sec-fetch-mode'] === 'navigate' || (request.headers.accept ?? '').includes('text/html')
  );
}

/**
 * On a loopback public origin (the default, `http://localhost:3000`), sends page loads that
 * arrive at another loopback name (`http://127.0.0.1:3000`) to the same path on the public
 * origin. Wallet sign-in only accepts messages naming the public origin, and a page on the
 * alias would make its wallet sign for the alias. Only loopback names are redirected: any other
 * Host is either a proxy's business or someone else's name for this server, never followed.
 */
export function installLoopbackAliasRedirect(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl);
  if (!isLoopbackHost(publicOrigin.hostname)) return;
  app.addHook('onRequest', async (request, reply) => {
    if (!isPageLoad(request) || !request.url.startsWith('/')) return;
    let requested: URL;
    try {
      requested = new URL(`${publicOrigin.protocol}//${request.host}`);
    } catch {
      return;
    }
    if (requested.host === publicOrigin.host || !isLoopbackHost(requested.hostname)) return;
    return reply.redirect(`${publicOrigin.origin}${request.url}`, 307);
  });
}
