/**
 * The CLI's side of the connect handshake: a fresh X25519 key pair whose private half never
 * leaves this process, and opening what the Store sealed to it:
 *   key = HKDF-SHA256(X25519(private key, ephemeral public key), salt = session id, info = CLI_CONNECT_HKDF_INFO)
 *   plaintext = AES-256-GCM-open(key, nonce, ciphertext ‖ tag)
 */
import {
  CLI_CONNECT_HKDF_INFO,
  cliConnectPayloadSchema,
  type CliConnectPayload,
  type CliConnectSealed,
} from '@bazaar/schemas';
import {
  createDecipheriv,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
} from 'node:crypto';
import { CliError } from '../cli-error.ts';

const GCM_TAG_BYTES = 16;

export interface ConnectKey {
  /** 32 bytes in unpadded base64url, as the Store takes it. */
  publicKey: string;
  privateKey: KeyObject;
}

export function newConnectKey(): ConnectKey {
  const { publicKey, privateKey } = generateKeyPairSync('x25519');
  const { x } = publicKey.export({ format: 'jwk' });
  if (typeof x !== 'string') throw new Error('An X25519 key without its public part');
  return { publicKey: x, privateKey };
}

/** Opens the sealed token of session `sessionId`; CONNECT_SEAL_INVALID if it was not sealed to this key. */
export function openSealedToken(
  sealed: CliConnectSealed,
  key: ConnectKey,
  sessionId: string,
): CliConnectPayload {
  try {
    const ephemeral = createPublicKey({
      key: { kty: 'OKP', crv: 'X25519', x: sealed.ephemeralPublicKey },
      format: 'jwk',
    });
    const shared = diffieHellman({ privateKey: key.privateKey, publicKey: ephemeral });
    const aesKey = Buffer.from(hkdfSync('sha256', shared, sessionId, CLI_CONNECT_HKDF_INFO, 32));
    const bytes = Buffer.from(sealed.ciphertext, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(sealed.nonce, 'base64url'));
    decipher.setAuthTag(bytes.subarray(bytes.length - GCM_TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(bytes.subarray(0, bytes.length - GCM_TAG_BYTES)),
      decipher.final(),
    ]);
    shared.fill(0);
    aesKey.fill(0);
    return cliConnectPayloadSchema.parse(JSON.parse(plain.toString('utf8')));
  } catch (cause) {
    throw new CliError(
      'CONNECT_SEAL_INVALID',
      'The store’s answer could not be opened with this terminal’s key',
      {
        cause,
        hint: 'Use the connect command again: bazaar connect',
      },
    );
  }
}
