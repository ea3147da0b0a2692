/**
 * Reproducible gzip: zlib writes no name and a zero mtime already, but its OS byte depends on
 * the system that compresses (3 on Linux, 19 on macOS, 10 on Windows). We write 255
 * ("unknown") everywhere, at a fixed level, so one folder gives the same bytes on every system.
 * (Deflate's output can still change between zlib versions; the signature covers the files,
 * not the compressed bytes, so such a bundle still verifies.)
 */
import { Transform } from 'node:stream';
import { constants, createGzip, type Gzip } from 'node:zlib';

export const GZIP_LEVEL = 6;
const OS_BYTE_OFFSET = 9;
const OS_UNKNOWN = 0xff;
export const GZIP_HEADER_BYTES = 10;

/** gzip at the fixed level and window, default strategy: the zlib half of the two stages. */
export function createFixedGzip(): Gzip {
  return createGzip({
    level: GZIP_LEVEL,
    windowBits: 15,
    memLevel: 8,
    strategy: constants.Z_DEFAULT_STRATEGY,
  });
}

/** Sets the OS byte of the gzip header that passes through it to 255. */
export function createGzipHeaderFixer(): Transform {
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (offset <= OS_BYTE_OFFSET && offset + chunk.length > OS_BYTE_OFFSET) {
        chunk = Buffer.from(chunk);
        chunk[OS_BYTE_OFFSET - offset] = OS_UNKNOWN;
      }
      offset += chunk.length;
      callback(null, chunk);
    },
  });
}

/**
 * Why the first 10 bytes of a stream are not a gzip header this package accepts, or `undefined`:
 * deflate, no flags (so no file name, comment or extra field), zero mtime. XFL and OS are not
 * checked, so other tools that honour those rules can make bundles too.
 */
export function gzipHeaderProblem(header: Uint8Array): string | undefined {
  if (header.length < GZIP_HEADER_BYTES) return 'too short for a gzip header';
  if (header[0] !== 0x1f || header[1] !== 0x8b) return 'not gzip';
  if (header[2] !== 8) return 'not deflate';
  if (header[3] !== 0) return 'the gzip header carries a name, comment or extra field';
  if (header[4] !== 0 || header[5] !== 0 || header[6] !== 0 || header[7] !== 0)
    return 'the gzip header carries an mtime';
  return undefined;
}
