import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

/** Every JavaScript file of a Vite build, gzip bytes by the address it is served at (`{base}assets/…`). */
export function builtScripts(outDir: string, base: string): Map<string, number> {
  const scripts = new Map<string, number>();
  for (const file of readdirSync(join(outDir, 'assets'))) {
    if (file.endsWith('.js'))
      scripts.set(`${base}assets/${file}`, gzipSync(readFileSync(join(outDir, 'assets', file))).length);
  }
  return scripts;
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** Debian's Chromium, headless, for the page benchmarks. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}
