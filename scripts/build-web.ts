import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { isStale, WEB_APPS } from './web-apps.ts';

/**
 * Builds the web apps that changed since their last build (all of them with `force`).
 * The build runs in its own process with NODE_ENV=production: inside a test runner NODE_ENV is
 * 'test', and React's plugin would then ship React's development build, which `npm start` would
 * go on serving because the folder looks up to date.
 */
export function buildWebApps({ force = false } = {}): void {
  if (!force && !WEB_APPS.some(isStale)) return;
  const result = spawnSync(process.execPath, [import.meta.filename, ...(force ? ['--force'] : [])], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('Building the web apps failed');
}

async function buildStaleApps(force: boolean): Promise<void> {
  const { build } = await import('vite');
  for (const app of WEB_APPS) {
    if (!force && !isStale(app)) continue;
    const started = performance.now();
    // Each config is relative to its own folder, whatever folder `npm start` runs from.
    await build({ configFile: app.config, root: dirname(app.config), logLevel: 'warn' });
    console.log(`built ${app.name} in ${Math.round(performance.now() - started)} ms`);
  }
}

if (import.meta.main) {
  await buildStaleApps(process.argv.includes('--force'));
}
