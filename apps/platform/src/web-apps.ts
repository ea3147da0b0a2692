import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { CSP_NONCE_MARKER } from '@bazaar/page-csp';
import type { Registry } from '@bazaar/schemas';
import { AppError } from '@bazaar/server-kit';
import type { FastifyInstance } from 'fastify';
import { newCspNonce, pageContentSecurityPolicy, type ProviderSources } from './content-security-policy.ts';
import { injectRegistry } from './registry.ts';
import type { TrustedOrigins } from './security/request-origin.ts';

export interface WebApp {
  mountPoint: string;
  folder: string;
  /** Paths under the mount point that belong to something else (APIs, other mount points). */
  reservedPaths: string[];
}

/** What every page is served with: the registry it inlines and the origins its policy names. */
export interface PageContext extends TrustedOrigins {
  registry: Registry;
  /** The third parties the pages' policy names; `PROVIDER_SOURCES` when not given. */
  providers?: readonly ProviderSources[];
}

export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix === '/' ? '/' : `${prefix}/`);
}

/** The file's path inside `folder` when the URL path names one; never a path outside it. */
function existingFile(folder: string, urlPath: string): string | null {
  const root = resolve(folder);
  try {
    const file = resolve(root, decodeURIComponent(urlPath));
    if (!file.startsWith(root + sep)) return null;
    return statSync(file).isFile() ? file.slice(root.length + 1) : null;
  } catch {
    return null;
  }
}

/**
 * Serves a built single-page app at its mount point: real files as they are (hashed assets
 * cached for a year), every other GET gets index.html with the registry inlined, so client-side
 * routes survive a reload. The page is read per request so a rebuild needs no restart, and each
 * response gets its own CSP nonce in place of the marker Vite wrote into the page's tags.
 */
export async function serveWebApp(app: FastifyInstance, webApp: WebApp, page: PageContext): Promise<void> {
  const base = webApp.mountPoint === '/' ? '' : webApp.mountPoint;
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, { root: resolve(webApp.folder), serve: false });

    scope.get(base === '' ? '/*' : `${base}/*`, async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (webApp.reservedPaths.some((reserved) => isUnder(path, reserved))) {
        throw new AppError('NOT_FOUND', `Route GET ${path} not found`);
      }
      const file = existingFile(webApp.folder, path.slice(base.length + 1));
      if (file && file !== 'index.html') {
        const isHashed = file.startsWith(`assets${sep}`);
        return reply.sendFile(file, isHashed ? { maxAge: '1y', immutable: true } : { maxAge: 0 });
      }
      const html = await readFile(join(webApp.folder, 'index.html'), 'utf8');
      const nonce = newCspNonce();
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', pageContentSecurityPolicy({ ...page, nonce }))
        .send(injectRegistry(html.replaceAll(CSP_NONCE_MARKER, nonce), page.registry, nonce));
    });
    if (base !== '') scope.get(base, (_request, reply) => reply.redirect(`${base}/`));
  });
}
