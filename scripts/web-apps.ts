import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

/** The web apps the platform serves, where Vite builds them, and the sources each is built from. */
export const WEB_APPS = [
  {
    name: 'payment-web',
    config: 'apps/payment-web/vite.config.ts',
    dist: 'apps/payment-web/dist',
    sources: [
      'apps/payment-web',
      'packages/payment-react',
      'packages/platform-shell',
      'packages/i18n',
      'packages/schemas',
      'packages/money',
      'packages/wallet',
      'packages/page-csp',
    ],
  },
  {
    name: 'store',
    config: 'apps/store/vite.config.ts',
    dist: 'apps/store/dist',
    sources: [
      'apps/store/src/web',
      'apps/store/index.html',
      'apps/store/vite.config.ts',
      'apps/store/src/store-donations.ts',
      'packages/bundle',
      'packages/payment-react',
      'packages/platform-shell',
      'packages/money',
      'packages/wallet',
      'packages/i18n',
      'packages/schemas',
      'packages/page-csp',
    ],
  },
  {
    name: 'login',
    config: 'apps/platform/web/vite.config.ts',
    dist: 'apps/platform/web/dist',
    sources: [
      'apps/platform/web',
      'packages/platform-shell',
      'packages/payment-react',
      'packages/money',
      'packages/i18n',
      'packages/schemas',
      'packages/wallet',
      'packages/page-csp',
    ],
  },
].map((app) => ({ ...app, config: join(ROOT, app.config), dist: join(ROOT, app.dist) }));

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

/** A build is stale when its index.html is missing or older than any of its sources. */
export function isStale(app: (typeof WEB_APPS)[number]): boolean {
  const index = join(app.dist, 'index.html');
  if (!existsSync(index)) return true;
  const builtAt = statSync(index).mtimeMs;
  return app.sources.some((source) => newestChange(join(ROOT, source)) > builtAt);
}
