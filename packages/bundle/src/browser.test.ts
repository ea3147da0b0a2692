import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BROWSER_SAFE_PACKAGES = ['@noble/curves/ed25519.js', '@scure/base', 'zod', 'semver'];

/** Every module `@bazaar/bundle/browser` reaches, with the packages each imports. */
function browserModules(): Map<string, string[]> {
  const modules = new Map<string, string[]>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    const source = readFileSync(join(import.meta.dirname, file), 'utf8');
    const specifiers = [...source.matchAll(/^(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)].map(
      (match) => match[1] as string,
    );
    modules.set(
      file,
      specifiers.filter((specifier) => !specifier.startsWith('./')),
    );
    for (const specifier of specifiers) if (specifier.startsWith('./')) visit(specifier.slice(2));
  };
  visit('browser.ts');
  return modules;
}

describe('@bazaar/bundle/browser', () => {
  it('reaches no node: module and no package but the browser-safe ones', () => {
    const modules = browserModules();
    expect([...modules.keys()].sort()).toEqual([
      'app-key.ts',
      'browser.ts',
      'bundle-path.ts',
      'canonical-json.ts',
      'errors.ts',
      'format.ts',
      'instance-report.ts',
      'manifest-signature.ts',
      'manifest.ts',
    ]);
    for (const [file, packages] of modules) {
      for (const name of packages) expect(BROWSER_SAFE_PACKAGES, `${file} imports ${name}`).toContain(name);
    }
  });

  it('makes a key pair with what a browser has (Web Crypto randomness)', async () => {
    const browser = await import('./browser.ts');
    const key = browser.generateAppKey();
    expect(browser.parseAppKeyFile(browser.serializeAppKeyFile(key)).did).toBe(key.did);
  });
});
