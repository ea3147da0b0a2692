import { ed25519 } from '@noble/curves/ed25519.js';
import { base64urlnopad } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { generateAppKey } from './app-key.ts';
import { canonicalJson } from './canonical-json.ts';
import { BundleError } from './errors.ts';
import {
  MANIFEST_SIGNING_PREFIX,
  canonicalManifestBytes,
  signManifest,
  verifyManifestSignature,
} from './manifest-signature.ts';
import type { Manifest } from './manifest.ts';
import { makeManifestFields, makeSignedManifest, sha256 } from './test-utils/tarballs.ts';

const { key, manifest } = makeSignedManifest(
  { 'README.md': '# Hello', 'index.js': 'console.log(1)' },
  { fields: { readme: { en: 'README.md' }, price: { amount: '5', currency: 'USD' } } },
);

describe('manifest signatures', () => {
  it('signs with the app key and verifies with the key of manifest.did', () => {
    expect(manifest.signature.alg).toBe('Ed25519');
    expect(manifest.signature.signer).toBe(key.did);
    expect(verifyManifestSignature(manifest)).toBe(true);
  });

  it('signs the prefix and the canonical JSON of everything but the signature', () => {
    const { signature: _signature, ...unsigned } = manifest;
    const text = new TextDecoder().decode(canonicalManifestBytes(manifest));
    expect(text).toBe(`bazaar-manifest-v1\n${canonicalJson(unsigned)}`);
    expect(
      text.startsWith(`${MANIFEST_SIGNING_PREFIX}{"components":[],"dependencies":[],"description":`),
    ).toBe(true);
    expect(text).not.toContain('signature');
    expect(
      ed25519.verify(
        base64urlnopad.decode(manifest.signature.value),
        canonicalManifestBytes(manifest),
        key.publicKey,
      ),
    ).toBe(true);
  });

  it('is deterministic (RFC 8032 signatures are)', () => {
    const { signature: _signature, ...unsigned } = manifest;
    expect(signManifest(unsigned, key.secretKey)).toEqual(manifest);
  });

  it('refuses a manifest signed by another key', () => {
    const other = generateAppKey();
    const bytes = canonicalManifestBytes(manifest);
    const foreign = base64urlnopad.encode(ed25519.sign(bytes, other.secretKey));
    // Another key's signature under the app's DID, named as the app or as the other key:
    expect(
      verifyManifestSignature({ ...manifest, signature: { ...manifest.signature, value: foreign } }),
    ).toBe(false);
    expect(
      verifyManifestSignature({
        ...manifest,
        signature: { alg: 'Ed25519', signer: other.did, value: foreign },
      }),
    ).toBe(false);
    // The app's signature moved under another DID:
    expect(
      verifyManifestSignature({
        ...manifest,
        did: other.did,
        signature: { ...manifest.signature, signer: other.did },
      }),
    ).toBe(false);
  });

  const edits: [string, (manifest: Manifest) => Manifest][] = [
    ['name', (m) => ({ ...m, name: 'other-app' })],
    ['title', (m) => ({ ...m, title: 'Hello App!' })],
    ['version', (m) => ({ ...m, version: '1.0.1' })],
    ['description', (m) => ({ ...m, description: `${m.description} ` })],
    ['price', (m) => ({ ...m, price: { amount: '0.01', currency: 'USD' } })],
    ['price removed', (m) => ({ ...m, price: null })],
    ['a keyword added', (m) => ({ ...m, keywords: [...m.keywords, 'free'] })],
    ['a readme added', (m) => ({ ...m, readme: { ...m.readme, zh: 'index.js' } })],
    ['a dependency added', (m) => ({ ...m, dependencies: [{ name: 'payment-kit', version: '*' }] })],
    [
      'a file hash',
      (m) => ({ ...m, files: m.files.map((f, i) => (i === 0 ? { ...f, sha256: sha256('evil') } : f)) }),
    ],
    [
      'a file size',
      (m) => ({ ...m, files: m.files.map((f, i) => (i === 1 ? { ...f, size: f.size + 1 } : f)) }),
    ],
    ['a file dropped', (m) => ({ ...m, files: m.files.slice(1) })],
    ['a field added', (m) => ({ ...m, license: 'MIT' })],
    ['the signer', (m) => ({ ...m, signature: { ...m.signature, signer: generateAppKey().did } })],
    ['the algorithm', (m) => ({ ...m, signature: { ...m.signature, alg: 'EdDSA' as 'Ed25519' } })],
    [
      'a bit of the signature',
      (m) => ({ ...m, signature: { ...m.signature, value: flipFirstCharacter(m.signature.value) } }),
    ],
    [
      'a cut signature',
      (m) => ({ ...m, signature: { ...m.signature, value: m.signature.value.slice(0, 40) } }),
    ],
  ];
  it.each(edits)('refuses the manifest once its %s changes after signing', (_what, edit) => {
    expect(verifyManifestSignature(edit(structuredClone(manifest)))).toBe(false);
  });

  it('will not sign a manifest whose DID is not the key’s', () => {
    const { signature: _signature, ...unsigned } = manifest;
    expect(() => signManifest(unsigned, generateAppKey().secretKey)).toThrowError(BundleError);
    expect(() =>
      signManifest({ ...unsigned, ...makeManifestFields(key), name: 'bad name' }, key.secretKey),
    ).toThrowError(/name/);
  });
});

function flipFirstCharacter(value: string): string {
  return (value[0] === 'A' ? 'B' : 'A') + value.slice(1);
}
