import { dirname } from 'node:path';
import { build } from 'vite';
import { isStale, WEB_APPS } from './web-apps.ts';

/** Builds the web apps that changed since their last build (all of them with --force). */
export async function buildWebApps({ force = false } = {}): Promise<void> {
  for (const app of WEB_APPS) {
    if (!force && !isStale(app)) continue;
    const started = performance.now();
    // Each config is relative to its own folder, whatever folder `npm start` runs from.
    await build({ configFile: app.config, root: dirname(app.config), logLevel: 'warn' });
    console.log(`built ${app.name} in ${Math.round(performance.now() - started)} ms`);
  }
}

if (import.meta.main) {
  await buildWebApps({ force: process.argv.includes('--force') });
}
