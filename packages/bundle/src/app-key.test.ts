import { base58, base64urlnopad } from '@scure/base';
import { describe, expect, it } from 'vitest';
import {
  appKeyFromSecretKey,
  didFromPublicKey,
  generateAppKey,
  isAppDid,
  parseAppKeyFile,
  publicKeyFromDid,
  serializeAppKeyFile,
} from './app-key.ts';
import { BundleError } from './errors.ts';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof BundleError ? error.code : `not a BundleError: ${String(error)}`;
  }
  return undefined;
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('did:key', () => {
  it('makes a did:key:z6Mk… that names its own public key', () => {
    const key = generateAppKey();
    expect(key.did).toMatch(/^did:key:z6Mk[1-9A-HJ-NP-Za-km-z]{44}$/);
    expect(key.secretKey).toHaveLength(32);
    expect(hex(publicKeyFromDid(key.did))).toBe(hex(key.publicKey));
    expect(appKeyFromSecretKey(key.secretKey).did).toBe(key.did);
    expect(generateAppKey().did).not.toBe(key.did);
  });

  it("reads the did:key spec's Ed25519 example", () => {
    const did = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
    const publicKey = publicKeyFromDid(did);
    // The spec's JsonWebKey2020 form of this DID has x = "Lm_M42cB3HkUiODQsXRcweM6TByfzEHGO9ND274JcOY".
    expect(base64urlnopad.encode(publicKey)).toBe('Lm_M42cB3HkUiODQsXRcweM6TByfzEHGO9ND274JcOY');
    expect(hex(publicKey)).toBe('2e6fcce36701dc791488e0d0b1745cc1e33a4c1c9fcc41c63bd343dbbe0970e6');
    expect(didFromPublicKey(publicKey)).toBe(did);
  });

  it.each([
    // Other implementations' published pairs (did, publicKeyBase58).
    [
      'did:key:z6Mkgg342Ycpuk263R9d8Aq6MUaxPn1DDeHyGo38EefXmgDL',
      '3Dn1SJNPaCXcvvJvSbsFWP2xaCjMom3can8CQNhWrTRx',
    ],
    [
      'did:key:z6MkmjY8GnV5i9YTDtPETC2uUAW6ejw3nk5mXF5yci5ab7th',
      '8HH5gYEeNc3z7PYXmd54d4x6qAfCNrqQqEB3nS7Zfu7K',
    ],
  ])('agrees with the published key of %s', (did, publicKeyBase58) => {
    expect(didFromPublicKey(base58.decode(publicKeyBase58))).toBe(did);
    expect(base58.encode(publicKeyFromDid(did))).toBe(publicKeyBase58);
  });

  const good = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
  const smallOrderPoint = Uint8Array.from({ length: 32 }, (_, index) => (index === 0 ? 1 : 0));
  it.each([
    ['empty', ''],
    ['another method', 'did:web:example.com'],
    ['no multibase prefix', good.replace('did:key:z', 'did:key:')],
    ['another multibase', good.replace('did:key:z', 'did:key:u')],
    ['upper-case scheme', good.replace('did:key', 'DID:KEY')],
    ['a fragment', `${good}#z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK`],
    ['a space', `${good} `],
    ['a character cut', good.slice(0, -1)],
    ['a non-base58 character', `${good.slice(0, -1)}0`],
    ['a leading zero byte', good.replace('did:key:z', 'did:key:z1')],
    ['an X25519 key', 'did:key:z6LShLeXRTzevtwcfehaGEzCMyL3bNsAeKCwcqwJxyCo63yE'],
    ['a secp256k1 key', 'did:key:zQ3shokFTS3brHcDQrn82RUDfCZESWL1ZdCEJwekUDPQiYBme'],
    ['a small-order point', `did:key:z${base58.encode(Uint8Array.from([0xed, 0x01, ...smallOrderPoint]))}`],
    ['very long', `did:key:z${'6'.repeat(500)}`],
  ])('refuses %s', (_why, did) => {
    expect(codeOf(() => publicKeyFromDid(did))).toBe('APP_DID_INVALID');
    expect(isAppDid(did)).toBe(false);
  });

  it('refuses public keys that are not 32 bytes', () => {
    expect(codeOf(() => didFromPublicKey(new Uint8Array(31)))).toBe('APP_DID_INVALID');
  });
});

describe('the key file', () => {
  it('round-trips, with the secret key in base64url', () => {
    const key = generateAppKey();
    const text = serializeAppKeyFile(key);
    expect(text.endsWith('}\n')).toBe(true);
    const json = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['type', 'version', 'did', 'publicKey', 'secretKey']);
    expect(json).toMatchObject({ type: 'bazaar-app-key', version: 1, did: key.did });
    expect(json.secretKey).toBe(base64urlnopad.encode(key.secretKey));
    const read = parseAppKeyFile(text);
    expect(read.did).toBe(key.did);
    expect(hex(read.secretKey)).toBe(hex(key.secretKey));
    expect(hex(read.publicKey)).toBe(hex(key.publicKey));
  });

  const other = generateAppKey();
  const edits: [string, (file: Record<string, unknown>) => unknown][] = [
    ['another DID', (file) => ({ ...file, did: other.did })],
    ['another public key', (file) => ({ ...file, publicKey: base64urlnopad.encode(other.publicKey) })],
    ['another version', (file) => ({ ...file, version: 2 })],
    ['another type', (file) => ({ ...file, type: 'wallet' })],
    ['an extra field', (file) => ({ ...file, note: 'x' })],
    ['a missing secret key', ({ secretKey: _secretKey, ...file }) => file],
    ['a short secret key', (file) => ({ ...file, secretKey: 'AAAA' })],
    ['padded base64', (file) => ({ ...file, secretKey: `${String(file.secretKey)}=` })],
  ];
  it.each(edits)('refuses a file with %s', (_why, edit) => {
    const file = JSON.parse(serializeAppKeyFile(generateAppKey())) as Record<string, unknown>;
    expect(codeOf(() => parseAppKeyFile(JSON.stringify(edit(file))))).toBe('APP_KEY_FILE_INVALID');
  });

  it('refuses text that is not JSON', () => {
    expect(codeOf(() => parseAppKeyFile('did:key:z6Mk'))).toBe('APP_KEY_FILE_INVALID');
  });

  it('will not write a file whose parts do not belong together', () => {
    const key = generateAppKey();
    expect(codeOf(() => serializeAppKeyFile({ ...key, did: other.did }))).toBe('APP_KEY_FILE_INVALID');
  });
});
