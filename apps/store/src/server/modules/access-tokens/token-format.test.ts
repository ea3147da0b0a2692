import {
  accessTokenChecksum,
  ACCESS_TOKEN_PATTERN,
  formatAccessToken,
  parseAccessToken,
  randomToken,
} from '@bazaar/schemas';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/** The checksum as scanners compute it: zlib's CRC-32 of the body, in 6 base62 digits. */
function referenceChecksum(body: string): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let value = BigInt(crc32(body));
  let out = '';
  for (let i = 0; i < 6; i++) {
    out = alphabet[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out;
}

describe('the access token format', () => {
  it('is bzr_, an 8-character id, a 32-character secret and a CRC-32 checksum in base62', () => {
    const id = randomToken(8);
    const secret = randomToken(32);
    const token = formatAccessToken(id, secret);
    expect(token).toMatch(ACCESS_TOKEN_PATTERN);
    expect(token).toHaveLength(4 + 8 + 32 + 6);
    expect(token.slice(-6)).toBe(referenceChecksum(`bzr_${id}${secret}`));
    expect(parseAccessToken(token)).toEqual({ id, secret });
  });

  it('computes the same checksum as zlib for many bodies, the zero-padded ones too', () => {
    for (let i = 0; i < 2_000; i++) {
      const body = `bzr_${randomToken(40)}`;
      expect(accessTokenChecksum(body)).toBe(referenceChecksum(body));
    }
    expect(accessTokenChecksum('')).toBe('000000');
  });

  it('refuses a token with any one character changed, and anything not shaped like one', () => {
    const token = formatAccessToken(randomToken(8), randomToken(32));
    for (let position = 4; position < token.length; position++) {
      const original = token[position]!;
      const replacement = original === 'a' ? 'b' : 'a';
      const typo = token.slice(0, position) + replacement + token.slice(position + 1);
      expect(parseAccessToken(typo), `position ${position}`).toBeNull();
    }
    for (const text of [
      '',
      'bzr_',
      token.slice(0, -1),
      `${token}x`,
      token.replace('bzr_', 'ghp_'),
      ` ${token}`,
    ]) {
      expect(parseAccessToken(text)).toBeNull();
    }
  });
});
