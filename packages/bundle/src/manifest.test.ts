import { describe, expect, it } from 'vitest';
import { generateAppKey } from './app-key.ts';
import { BundleError } from './errors.ts';
import {
  manifestInputSchema,
  parseManifest,
  unsignedManifestSchema,
  type UnsignedManifest,
} from './manifest.ts';
import { makeManifestFields, makeSignedManifest, sha256 } from './test-utils/tarballs.ts';

const key = generateAppKey();
const logo = { path: 'logo.png', size: 3, sha256: sha256('png') };
const readme = { path: 'README.md', size: 2, sha256: sha256('hi') };

function unsigned(overrides: Partial<UnsignedManifest> = {}): UnsignedManifest {
  return { ...makeManifestFields(key), files: [readme, logo], ...overrides };
}

function problems(overrides: Partial<UnsignedManifest>): string[] {
  const parsed = unsignedManifestSchema.safeParse(unsigned(overrides));
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
}

describe('the manifest schema', () => {
  it('parses a full manifest into exactly itself (nothing trimmed or defaulted)', () => {
    const full = unsigned({
      logo: 'logo.png',
      readme: { en: 'README.md' },
      license: 'MIT',
      category: 'productivity',
      keywords: ['a', 'b'],
      components: [{ did: generateAppKey().did, version: '^1.0.0' }],
      dependencies: [{ name: 'payment-kit', version: '>=1.2 <2' }],
      extensions: [],
      resources: [{ name: 'themes', version: '*' }],
      price: { amount: '9.99', currency: 'USD' },
    });
    expect(unsignedManifestSchema.parse(full)).toEqual(full);
  });

  it.each(['my-app', 'My_App', 'a', 'a'.repeat(32), '-_-'])('accepts the name %j', (name) => {
    expect(problems({ name })).toEqual([]);
  });

  it.each(['', 'my app', 'app1', 'app.js', 'ünïcode', 'a'.repeat(33), '@scope/app', 'my-app\n'])(
    'refuses the name %j (letters, hyphen and underscore only)',
    (name) => {
      expect(problems({ name })).toEqual(['name']);
    },
  );

  it.each(['1.2.3', '0.0.1-beta.1', '10.20.30-rc.1+build.5'])('accepts the version %j', (version) => {
    expect(problems({ version })).toEqual([]);
  });

  it.each([
    '1.2',
    'v1.2.3',
    '=1.2.3',
    ' 1.2.3',
    '01.2.3',
    '1.2.3.4',
    'latest',
    '1.2.3-',
    '99999999999999999999.0.0',
  ])('refuses the version %j', (version) => {
    expect(problems({ version })).toEqual(['version']);
  });

  it('refuses a DID that is not an app DID', () => {
    expect(problems({ did: 'did:web:example.com' })).toEqual(['did']);
  });

  it('wants files sorted by path, each once, and safe', () => {
    expect(problems({ files: [logo, readme] })).toEqual(['files.1.path']);
    expect(problems({ files: [logo, logo] })).toEqual(['files.1.path']);
    expect(problems({ files: [{ ...logo, path: '../logo.png' }] })).toEqual(['files.0.path']);
    expect(problems({ files: [{ ...logo, path: 'LOGO.png' }, logo] })).toEqual(['files.1.path']);
    expect(problems({ files: [{ ...logo, sha256: 'ABC' }] })).toEqual(['files.0.sha256']);
  });

  it('wants the logo, screenshots, readmes and changelog to be files of the bundle', () => {
    expect(problems({ logo: 'logo.png', readme: { en: 'README.md' } })).toEqual([]);
    expect(problems({ logo: 'missing.png' })).toEqual(['files']);
    expect(problems({ changelog: 'CHANGELOG.md' })).toEqual(['files']);
    expect(problems({ logo: 'README.md' })).toEqual(['logo']);
  });

  it('holds at most 10 keywords', () => {
    expect(problems({ keywords: Array.from({ length: 11 }, (_, index) => `k${index}`) })).toEqual([
      'keywords',
    ]);
  });

  it('names other apps by DID or by name, with a version range', () => {
    expect(problems({ dependencies: [{ name: 'x', version: 'not a range' }] })).toEqual([
      'dependencies.0.version',
    ]);
    expect(problems({ dependencies: [{ name: 'x', did: key.did, version: '*' } as never] })).toEqual([
      'dependencies.0',
    ]);
  });

  it('prices in currency units, or null for free', () => {
    expect(problems({ price: { amount: '0.50', currency: 'ABT' } })).toEqual([]);
    expect(problems({ price: { amount: '0', currency: 'ABT' } })).toEqual(['price.amount']);
    expect(problems({ price: { amount: '1e3', currency: 'ABT' } })).toEqual(['price.amount']);
  });

  it('refuses text with blank ends and unknown fields', () => {
    expect(problems({ title: ' Hello' })).toEqual(['title']);
    expect(problems({ homepage: 'https://x' } as never)).toEqual(['']);
  });

  it('gives the developer defaults before signing', () => {
    const input = manifestInputSchema.parse({ name: 'x', title: 'X', version: '1.0.0', description: 'd' });
    expect(input).toMatchObject({
      manifestVersion: 1,
      keywords: [],
      readme: {},
      price: null,
      components: [],
    });
    expect(input.did).toBeUndefined();
  });

  it('parses a signed manifest, and refuses a public key carried beside the signature', () => {
    const { manifest } = makeSignedManifest({ 'a.txt': 'a' });
    expect(parseManifest(JSON.parse(JSON.stringify(manifest)))).toEqual(manifest);
    const withKey = { ...manifest, signature: { ...manifest.signature, pk: 'AAAA' } };
    expect(() => parseManifest(withKey)).toThrowError(BundleError);
    try {
      parseManifest(withKey);
    } catch (error) {
      expect((error as BundleError).code).toBe('BUNDLE_MANIFEST_INVALID');
      expect((error as BundleError).details?.[0]?.path).toBe('signature');
    }
  });
});
