import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { BundleStorageError, type PutBundleOptions } from './storage.ts';

const SHA512_HEX = /^[0-9a-f]{128}$/;

/** Refuses a `size` or `sha512` that could never match, before any byte is read. */
export function assertPutOptions(key: string, options: PutBundleOptions): void {
  const { size, sha512 } = options;
  if (size !== undefined && (!Number.isSafeInteger(size) || size < 0)) {
    throw new TypeError(`put("${key}"): size must be a whole number of bytes (got ${size})`);
  }
  if (sha512 !== undefined && !SHA512_HEX.test(sha512)) {
    throw new TypeError(`put("${key}"): sha512 must be 128 lowercase hex digits`);
  }
}

/** The body as a stream, whether it came as one or as a buffer. */
export function toReadable(body: Readable | Buffer): Readable {
  return Buffer.isBuffer(body) ? Readable.from([body]) : body;
}

/** Destroys a body that will not be read, so whoever feeds it (an upload request) is not left waiting. */
export function discardBody(body: Readable | Buffer): void {
  if (!Buffer.isBuffer(body) && !body.destroyed) body.destroy();
}

/**
 * A pass-through that counts the bytes and, when told a digest, hashes them; it fails instead of
 * ending when the body differs from `options`, so a backend that commits only on a clean end
 * (rename after the last byte, S3's completed upload) stores nothing. `size()` is the count so far.
 */
export function createBodyVerifier(key: string, options: PutBundleOptions): Transform & { size(): number } {
  const hash = options.sha512 ? createHash('sha512') : null;
  let size = 0;
  const mismatch = (what: string) =>
    new BundleStorageError('BUNDLE_INTEGRITY_MISMATCH', key, `The body for "${key}" ${what}`);
  const verifier = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      // Fail as soon as the body runs long, rather than reading an oversized body to the end.
      if (options.size !== undefined && size > options.size) {
        callback(mismatch(`is longer than the ${options.size} bytes announced`));
        return;
      }
      hash?.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      if (options.size !== undefined && size !== options.size) {
        callback(mismatch(`has ${size} bytes, not the ${options.size} announced`));
      } else if (hash && hash.digest('hex') !== options.sha512) {
        callback(mismatch('does not match the sha512 announced'));
      } else {
        callback();
      }
    },
  });
  return Object.assign(verifier, { size: () => size });
}
