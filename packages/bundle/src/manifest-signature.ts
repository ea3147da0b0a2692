/**
 * Signing a manifest with the app's key, and checking it with the key its `did` names.
 *
 * The original Store checked each signature against a public key carried beside it and never
 * tied that key to the signer. Here there is no key beside the signature: the only key that can
 * verify a manifest is the one derived from `manifest.did`, and `signature.signer` must be that
 * same DID.
 *
 * Browser-safe.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { base64urlnopad } from '@scure/base';
import { appKeyFromSecretKey, publicKeyFromDid } from './app-key.ts';
import { canonicalJson } from './canonical-json.ts';
import { BundleError } from './errors.ts';
import { parseWith, unsignedManifestSchema, type Manifest, type UnsignedManifest } from './manifest.ts';

/**
 * Put in front of the canonical JSON so an app key's signature over a manifest can never be
 * taken for its signature over anything else (canonical JSON holds no raw newline).
 */
export const MANIFEST_SIGNING_PREFIX = 'bazaar-manifest-v1\n';
const encoder = new TextEncoder();

/**
 * The bytes that are signed: UTF-8 of `"bazaar-manifest-v1\n"` followed by the canonical JSON
 * (RFC 8785: keys sorted, no whitespace) of the manifest without its `signature`.
 */
export function canonicalManifestBytes(manifest: UnsignedManifest | Manifest): Uint8Array {
  const { signature: _signature, ...unsigned } = manifest as Manifest;
  return encoder.encode(MANIFEST_SIGNING_PREFIX + canonicalJson(unsigned));
}

/**
 * Signs `manifest` with the app's secret key. Throws `BUNDLE_MANIFEST_INVALID` when the
 * manifest does not parse or its `did` is not the key's.
 */
export function signManifest(manifest: UnsignedManifest, secretKey: Uint8Array): Manifest {
  const unsigned = parseWith(unsignedManifestSchema, stripSignature(manifest));
  const key = appKeyFromSecretKey(secretKey);
  if (key.did !== unsigned.did) {
    throw new BundleError(
      'BUNDLE_MANIFEST_INVALID',
      `manifest.did is ${unsigned.did}, but the key is ${key.did}`,
    );
  }
  const value = ed25519.sign(canonicalManifestBytes(unsigned), key.secretKey);
  return { ...unsigned, signature: { alg: 'Ed25519', signer: key.did, value: base64urlnopad.encode(value) } };
}

/** Checks an Ed25519 signature over `message` under a 32-byte public key (RFC 8032, cofactorless). */
export type Ed25519Verify = (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) => boolean;

/** In pure JavaScript, so it runs in a page; the server hands in the native one (`verify.ts`). */
const verifyInJs: Ed25519Verify = (signature, message, publicKey) =>
  ed25519.verify(signature, message, publicKey, { zip215: false });

/**
 * `true` only when `signature.signer` is `manifest.did` and the signature verifies (strict RFC
 * 8032, no ZIP-215 leniency) under the key derived from `manifest.did` over
 * {@link canonicalManifestBytes}. Never throws: anything malformed is `false`.
 */
export function verifyManifestSignature(manifest: Manifest, verify: Ed25519Verify = verifyInJs): boolean {
  try {
    const { signature } = manifest;
    if (signature?.alg !== 'Ed25519' || signature.signer !== manifest.did) return false;
    const publicKey = publicKeyFromDid(manifest.did);
    const value = base64urlnopad.decode(signature.value);
    if (value.length !== 64) return false;
    return verify(value, canonicalManifestBytes(manifest), publicKey);
  } catch {
    return false;
  }
}

function stripSignature(manifest: UnsignedManifest | Manifest): UnsignedManifest {
  const { signature: _signature, ...unsigned } = manifest as Manifest;
  return unsigned;
}
