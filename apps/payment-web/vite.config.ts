import { CSP_NONCE_MARKER, ZOD_CHUNK_GROUP } from '@bazaar/page-csp';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Most visits to these pages are checkouts: the page's HTML asks for the checkout route's chunks
 * alongside the entry, instead of after the entry has run and the router has matched.
 */
function preloadCheckoutRoute(): Plugin {
  let base = '/';
  return {
    name: 'bazaar:preload-checkout-route',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
        const route = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/pages/checkout-page.tsx'));
        if (!route) return [];
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const withImports = (fileName: string, found = new Set<string>()) => {
          if (found.has(fileName)) return found;
          found.add(fileName);
          for (const imported of byName.get(fileName)?.imports ?? []) withImports(imported, found);
          return found;
        };
        // Vite already preloads everything the entry imports statically, however deep.
        const preloaded = new Set(
          chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...withImports(chunk.fileName)]),
        );
        return [...withImports(route.fileName)]
          .filter((fileName) => !preloaded.has(fileName))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `${base}${fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * The Payment Kit's pages. Built assets live under the default mount point; the router's
 * basename comes from the registry at run time, so pages still resolve if the kit moves.
 */
export default defineConfig({
  base: '/payment-kit/',
  plugins: [react(), preloadCheckoutRoute()],
  html: { cspNonce: CSP_NONCE_MARKER },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [ZOD_CHUNK_GROUP] },
      },
    },
  },
  server: {
    proxy: {
      '/payment-kit/api': 'http://localhost:3000',
      '/.well-known': { target: 'http://localhost:3000', ws: true },
    },
  },
});
