/**
 * App identity: an app is the `did:key` of its own Ed25519 key pair (the W3C did:key method:
 * `did:key:z` + base58btc(multicodec 0xed01 ‖ the 32-byte public key), which always reads
 * `did:key:z6Mk…`). The key file is what the browser's /gen-key-pair page downloads and what the
 * CLI keeps in `.bazaar/app-key.json`.
 *
 * Browser-safe: no `node:` imports; randomness comes from `crypto.getRandomValues`.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58, base64urlnopad } from '@scure/base';
import { z } from 'zod';
import { BundleError } from './errors.ts';

/** An app's key pair. `secretKey` is the 32-byte Ed25519 seed (RFC 8032's private key). */
export interface AppKey {
  did: string;
  publicKey: Uint8Array;
  secretKey: Uint8Array;
}

/** Where the CLI keeps an app's key, relative to the app's folder (never bundled). */
export const APP_KEY_FILE_PATH = '.bazaar/app-key.json';
export const APP_KEY_FILE_TYPE = 'bazaar-app-key';
export const APP_KEY_FILE_VERSION = 1;

const DID_KEY_PREFIX = 'did:key:z';
/** The multicodec of an Ed25519 public key (0xed, as an unsigned varint). */
const ED25519_MULTICODEC = [0xed, 0x01] as const;
const ED25519_KEY_BYTES = 32;
/** Every Ed25519 did:key is 56 characters; anything much longer is refused before decoding. */
const DID_MAX_LENGTH = 64;
/** The subgroup check costs about a millisecond, and a manifest names the same DIDs again and again. */
const checkedDids = new Map<string, Uint8Array>();
const CHECKED_DIDS_MAX = 1_000;

/** Makes a fresh key pair. In the browser the secret key never leaves the page that called this. */
export function generateAppKey(): AppKey {
  return appKeyFromSecretKey(ed25519.utils.randomPrivateKey());
}

/** The key pair of a 32-byte secret key (seed). */
export function appKeyFromSecretKey(secretKey: Uint8Array): AppKey {
  if (!(secretKey instanceof Uint8Array) || secretKey.length !== ED25519_KEY_BYTES) {
    throw new BundleError('APP_KEY_FILE_INVALID', `An app secret key is ${ED25519_KEY_BYTES} bytes`);
  }
  const publicKey = ed25519.getPublicKey(secretKey);
  return { did: didFromPublicKey(publicKey), publicKey, secretKey: Uint8Array.from(secretKey) };
}

/** `did:key:z6Mk…` of a 32-byte Ed25519 public key. */
export function didFromPublicKey(publicKey: Uint8Array): string {
  if (!(publicKey instanceof Uint8Array) || publicKey.length !== ED25519_KEY_BYTES) {
    throw new BundleError('APP_DID_INVALID', `An Ed25519 public key is ${ED25519_KEY_BYTES} bytes`);
  }
  const bytes = new Uint8Array(ED25519_MULTICODEC.length + ED25519_KEY_BYTES);
  bytes.set(ED25519_MULTICODEC, 0);
  bytes.set(publicKey, ED25519_MULTICODEC.length);
  return DID_KEY_PREFIX + base58.encode(bytes);
}

/**
 * The public key a `did:key` names. Strict: only an Ed25519 did:key in its one canonical
 * spelling (no fragment, query, other multibase or multicodec, no non-canonical base58), whose
 * key is a valid curve point of the prime-order subgroup. Anything else throws
 * `APP_DID_INVALID`.
 */
export function publicKeyFromDid(did: string): Uint8Array {
  const cached = checkedDids.get(did);
  if (cached !== undefined) return cached.slice();
  const invalid = (why: string) => new BundleError('APP_DID_INVALID', `Not an app DID (${why})`);
  if (typeof did !== 'string') throw invalid('not a string');
  if (did.length > DID_MAX_LENGTH) throw invalid('too long');
  if (!did.startsWith(DID_KEY_PREFIX)) throw invalid('expected did:key:z…');
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(did.slice(DID_KEY_PREFIX.length));
  } catch {
    throw invalid('not base58btc');
  }
  if (
    bytes.length !== ED25519_MULTICODEC.length + ED25519_KEY_BYTES ||
    bytes[0] !== ED25519_MULTICODEC[0] ||
    bytes[1] !== ED25519_MULTICODEC[1]
  ) {
    throw invalid('not an Ed25519 key');
  }
  const publicKey = bytes.slice(ED25519_MULTICODEC.length);
  // Re-encoding must give the same text, so one key has exactly one DID.
  if (didFromPublicKey(publicKey) !== did) throw invalid('not canonical');
  if (!isPrimeOrderPoint(publicKey)) throw invalid('not a valid Ed25519 public key');
  if (checkedDids.size >= CHECKED_DIDS_MAX) checkedDids.clear();
  checkedDids.set(did, publicKey.slice());
  return publicKey;
}

/** `true` when `value` is an app DID that {@link publicKeyFromDid} accepts. */
export function isAppDid(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    publicKeyFromDid(value);
    return true;
  } catch {
    return false;
  }
}

function isPrimeOrderPoint(publicKey: Uint8Array): boolean {
  try {
    // fromHex is strict here (canonical y, on the curve); small-order and mixed-order keys are
    // refused too, so no key verifies differently under cofactored and cofactorless checks.
    const point = ed25519.ExtendedPoint.fromHex(publicKey);
    return !point.isSmallOrder() && point.isTorsionFree();
  } catch {
    return false;
  }
}

const base64urlKey = (what: string) =>
  z.string().refine((value) => decodeBase64url(value)?.length === ED25519_KEY_BYTES, {
    message: `${what} is ${ED25519_KEY_BYTES} bytes in unpadded base64url`,
  });

/**
 * Version 1 of the key file: JSON with exactly these keys, keys in base64url without padding.
 * `{"type":"bazaar-app-key","version":1,"did":"did:key:z6Mk…","publicKey":"…","secretKey":"…"}`
 */
export const appKeyFileSchema = z.strictObject({
  type: z.literal(APP_KEY_FILE_TYPE),
  version: z.literal(APP_KEY_FILE_VERSION),
  did: z.string(),
  publicKey: base64urlKey('publicKey'),
  secretKey: base64urlKey('secretKey'),
});
export type AppKeyFile = z.infer<typeof appKeyFileSchema>;

/**
 * The key file's text (two-space indented JSON and a final newline). Whoever writes it keeps it
 * private: the CLI writes it with mode 0600 and the page offers it as a download only.
 */
export function serializeAppKeyFile(key: AppKey): string {
  const checked = appKeyFromSecretKey(key.secretKey);
  if (checked.did !== key.did || !bytesEqual(checked.publicKey, key.publicKey)) {
    throw new BundleError('APP_KEY_FILE_INVALID', 'The DID and public key do not belong to the secret key');
  }
  const file: AppKeyFile = {
    type: APP_KEY_FILE_TYPE,
    version: APP_KEY_FILE_VERSION,
    did: checked.did,
    publicKey: base64urlnopad.encode(checked.publicKey),
    secretKey: base64urlnopad.encode(checked.secretKey),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/**
 * Reads a key file's text. Refuses (`APP_KEY_FILE_INVALID`) anything but a version 1 file whose
 * public key is the secret key's and whose DID is the public key's.
 */
export function parseAppKeyFile(text: string): AppKey {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new BundleError('APP_KEY_FILE_INVALID', 'The app key file is not JSON', { cause });
  }
  const parsed = appKeyFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new BundleError('APP_KEY_FILE_INVALID', 'The app key file is not a version 1 bazaar-app-key file', {
      details: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    });
  }
  const file = parsed.data;
  const key = appKeyFromSecretKey(decodeBase64url(file.secretKey) as Uint8Array);
  if (!bytesEqual(key.publicKey, decodeBase64url(file.publicKey) as Uint8Array)) {
    throw new BundleError('APP_KEY_FILE_INVALID', 'The public key is not the secret key’s');
  }
  if (key.did !== file.did) {
    throw new BundleError('APP_KEY_FILE_INVALID', 'The DID is not the public key’s');
  }
  return key;
}

function decodeBase64url(value: string): Uint8Array | undefined {
  try {
    return base64urlnopad.decode(value);
  } catch {
    return undefined;
  }
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}
