import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  downloadSeriesQuerySchema,
  formatBundleSignature,
  integrityOfReprDigest,
  parseBundleSignature,
  reprDigestOf,
} from './store-downloads.ts';

const SIGNATURE = {
  alg: 'Ed25519',
  signer: 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK',
  value: 'q0V3rC5-_Ab9',
};
const digest = createHash('sha512').update('a bundle').digest('base64');

describe('the download headers', () => {
  it('writes the signature as a dictionary of strings and reads it back', () => {
    const header = formatBundleSignature(SIGNATURE);
    expect(header).toBe(`alg="Ed25519", signer="${SIGNATURE.signer}", value="q0V3rC5-_Ab9"`);
    expect(parseBundleSignature(header)).toEqual(SIGNATURE);
    expect(parseBundleSignature(`value="q0V3rC5-_Ab9",signer="${SIGNATURE.signer}",alg="Ed25519"`)).toEqual(
      SIGNATURE,
    );
  });

  it('reads no signature from a header missing, repeating or smuggling a part', () => {
    for (const header of [
      undefined,
      '',
      'alg="Ed25519", value="x"',
      `alg="Ed25519", alg="Ed25519", signer="${SIGNATURE.signer}", value="x"`,
      `alg="Ed25519", signer="${SIGNATURE.signer}", value="x", extra="y"`,
      `alg="Ed25519", signer="did key", value="x"`,
      `alg=Ed25519, signer="${SIGNATURE.signer}", value="x"`,
    ]) {
      expect(parseBundleSignature(header)).toBeNull();
    }
    expect(() => formatBundleSignature({ ...SIGNATURE, value: 'a"b' })).toThrow(TypeError);
  });

  it('turns the recorded integrity into Repr-Digest and back', () => {
    expect(reprDigestOf(`sha512-${digest}`)).toBe(`sha-512=:${digest}:`);
    expect(integrityOfReprDigest(`sha-256=:abc=:, sha-512=:${digest}:`)).toBe(`sha512-${digest}`);
    expect(integrityOfReprDigest('sha-256=:abc=:')).toBeNull();
    expect(integrityOfReprDigest(null)).toBeNull();
    expect(() => reprDigestOf('sha256-abc')).toThrow(TypeError);
  });

  it('asks for 1 to 365 days of downloads, 30 by default', () => {
    expect(downloadSeriesQuerySchema.parse({})).toEqual({ days: 30 });
    expect(downloadSeriesQuerySchema.parse({ days: '365' })).toEqual({ days: 365 });
    expect(downloadSeriesQuerySchema.safeParse({ days: '0' }).success).toBe(false);
    expect(downloadSeriesQuerySchema.safeParse({ days: '366' }).success).toBe(false);
    expect(downloadSeriesQuerySchema.safeParse({ days: '1.5' }).success).toBe(false);
  });
});
