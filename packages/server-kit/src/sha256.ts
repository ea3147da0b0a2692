import { createHash } from 'node:crypto';

/**
 * The sha256 digest of `text` in hex: how secrets handed to browsers are kept (only their
 * digest is stored or compared), so components and the platform that check the same secret
 * agree on its form.
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
