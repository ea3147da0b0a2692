/**
 * Sealing a connect session's access token to the CLI's X25519 public key, so only the process
 * holding the matching private key (which never leaves it) can read it:
 *
 *   shared  = X25519(ephemeral private key, CLI public key)
 *   key     = HKDF-SHA256(shared, salt = the session id, info = CLI_CONNECT_HKDF_INFO, 32 bytes)
 *   sealed  = AES-256-GCM(key, random 12-byte nonce, JSON of the payload) ‖ 16-byte tag
 *
 * A fresh ephemeral key per seal means the Store keeps nothing that could open it again.
 */
import { CLI_CONNECT_HKDF_INFO, type CliConnectSealed } from '@bazaar/schemas';
import {
  createCipheriv,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

const X25519_KEY_BYTES = 32;
const NONCE_BYTES = 12;

/** The KeyObject of a raw 32-byte X25519 public key in unpadded base64url, or null if it is not one. */
export function x25519PublicKeyFrom(base64url: string): KeyObject | null {
  if (Buffer.from(base64url, 'base64url').length !== X25519_KEY_BYTES) return null;
  try {
    return createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: base64url }, format: 'jwk' });
  } catch {
    return null;
  }
}

function rawPublicKey(key: KeyObject): string {
  const { x } = key.export({ format: 'jwk' });
  if (typeof x !== 'string') throw new Error('An X25519 key without its public part');
  return x;
}

/**
 * The shared secret of a fresh ephemeral key and `publicKey`, or null for a key that yields
 * none (a low-order point gives all zeros, which would make the seal readable by anyone).
 */
function agree(publicKey: KeyObject): { shared: Buffer; ephemeralPublicKey: string } | null {
  const ephemeral = generateKeyPairSync('x25519');
  let shared: Buffer;
  try {
    shared = diffieHellman({ privateKey: ephemeral.privateKey, publicKey });
  } catch {
    return null;
  }
  if (shared.every((byte) => byte === 0)) return null;
  return { shared, ephemeralPublicKey: rawPublicKey(ephemeral.publicKey) };
}

/** True when `base64url` is an X25519 public key a seal can be made to. */
export function isSealablePublicKey(base64url: string): boolean {
  const key = x25519PublicKeyFrom(base64url);
  return key !== null && agree(key) !== null;
}

/** Seals `payload` (as JSON) to the CLI key of session `sessionId`. */
export function sealToPublicKey(input: {
  publicKey: string;
  sessionId: string;
  payload: unknown;
}): CliConnectSealed {
  const publicKey = x25519PublicKeyFrom(input.publicKey);
  const agreed = publicKey && agree(publicKey);
  if (!agreed) throw new Error('The connect session holds a public key no seal can be made to');
  const key = Buffer.from(hkdfSync('sha256', agreed.shared, input.sessionId, CLI_CONNECT_HKDF_INFO, 32));
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const ciphertext = Buffer.concat([
    cipher.update(JSON.stringify(input.payload), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  agreed.shared.fill(0);
  key.fill(0);
  return {
    ephemeralPublicKey: agreed.ephemeralPublicKey,
    nonce: nonce.toString('base64url'),
    ciphertext: ciphertext.toString('base64url'),
  };
}
