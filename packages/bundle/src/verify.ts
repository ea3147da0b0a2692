/**
 * Reading an uploaded bundle without trusting it ("do not trust, verify"): one streaming pass
 * that answers only when everything verifies, and refuses with a {@link BundleError} code
 * otherwise.
 *
 * Checked, in the order the bytes arrive: the compressed size, the gzip header, the unpacked
 * size and entry count (a decompression bomb stops at the limit, not at the end), each entry's
 * type (files and folders only) and path (see `bundle-path.ts`), `manifest.json` first, its
 * schema and its signature by the key of its own `did`, each file against the manifest's list
 * (size before its data is read, sha256 after); then at the end: no listed file missing, the
 * gzip trailer belongs to the whole stream (no second member, no trailing bytes), and the sha512
 * of the tarball is the integrity the caller expected.
 */
import { createHash, createPublicKey, verify as verifySignature } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, crc32 } from 'node:zlib';
import * as tar from 'tar-stream';
import { BundlePathSet, assertSafeBundlePath } from './bundle-path.ts';
import { BundleError } from './errors.ts';
import { FILES_PREFIX, MANIFEST_ENTRY } from './format.ts';
import { GZIP_HEADER_BYTES, gzipHeaderProblem } from './gzip.ts';
import { verifyManifestSignature, type Ed25519Verify } from './manifest-signature.ts';
import { MANIFEST_LIMITS, parseManifest, type Manifest, type ManifestFile } from './manifest.ts';

/** The DER prefix of an Ed25519 public key's SubjectPublicKeyInfo (RFC 8410); the 32 key bytes follow. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * OpenSSL's Ed25519, about ten times faster than the pure-JavaScript check pages use, which on a
 * busy Store is most of an upload's CPU. Both are RFC 8032 cofactorless checks; the key's own
 * checks (canonical, prime order) stay in `publicKeyFromDid`, before either runs.
 */
const verifyNatively: Ed25519Verify = (signature, message, publicKey) => {
  const key = createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, publicKey]),
    format: 'der',
    type: 'spki',
  });
  return verifySignature(null, message, key, signature);
};

/** A manifest this long already lists the most files a bundle may hold, with long paths. */
export const MANIFEST_MAX_BYTES = 8 * 1024 * 1024;
/** Unless told otherwise, a bundle may unpack to ten times its compressed size. */
export const DEFAULT_UNPACKED_RATIO = 10;
const GZIP_TRAILER_BYTES = 8;

export type BundleSource = Uint8Array | AsyncIterable<Uint8Array> | NodeJS.ReadableStream;

export interface ReadBundleOptions {
  /** The most compressed bytes accepted (the Store's bundle size limit). */
  maxBytes: number;
  /** The most bytes the tar stream may unpack to; default `maxBytes × 10`. */
  maxUnpackedBytes?: number;
  /** The most tar entries; default twice the most files a manifest may list, plus the manifest. */
  maxEntries?: number;
  /** `sha512-<base64>`: refuse with `BUNDLE_INTEGRITY_MISMATCH` unless the tarball hashes to it. */
  expectedIntegrity?: string;
  /**
   * Which verified files to hand back in memory (default: all). A server reading big bundles
   * keeps only what it shows, e.g. `(path, manifest) => manifestAssetPaths(manifest).includes(path)`;
   * the others are still hashed and checked.
   */
  keepFiles?: (path: string, manifest: Manifest) => boolean;
}

export interface VerifiedBundle {
  manifest: Manifest;
  /** The kept files by bundle path (relative to the app's folder, as in `manifest.files`). */
  files: Map<string, Buffer>;
  /** `sha512-<base64>` of the tarball. */
  integrity: string;
  /** The tarball's size in bytes. */
  size: number;
  /** The size of the unpacked tar stream in bytes. */
  unpackedSize: number;
}

/**
 * Reads and verifies a bundle from a stream or buffer; resolves only when all of it verifies.
 * On a refusal it stops reading at once and destroys `source` if it is a stream.
 */
export async function readBundle(source: BundleSource, options: ReadBundleOptions): Promise<VerifiedBundle> {
  const limits = resolveLimits(options);
  const raw = createRawTap(limits.maxBytes);
  const unpacked = createUnpackedTap(limits.maxUnpackedBytes);
  const reader = createEntryReader(limits.maxEntries, options.keepFiles ?? (() => true));
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    reader.read(header, stream as unknown as AsyncIterable<Buffer>).then(
      () => next(),
      (error: unknown) => next(error as Error),
    );
  });

  try {
    await pipeline(
      toReadable(source),
      raw.stream,
      createGunzip(),
      unpacked.stream,
      extract as unknown as NodeJS.WritableStream,
    );
  } catch (error) {
    throw asBundleError(error);
  }

  const manifest = reader.finish();
  raw.checkTrailer(unpacked.crc(), unpacked.size());
  const integrity = `sha512-${raw.digest()}`;
  if (options.expectedIntegrity !== undefined && options.expectedIntegrity !== integrity) {
    throw new BundleError(
      'BUNDLE_INTEGRITY_MISMATCH',
      `The tarball is ${integrity}, not ${options.expectedIntegrity}`,
    );
  }
  return { manifest, files: reader.files, integrity, size: raw.size(), unpackedSize: unpacked.size() };
}

function resolveLimits(options: ReadBundleOptions) {
  const { maxBytes } = options;
  if (!Number.isSafeInteger(maxBytes) || maxBytes <= 0) throw new TypeError('maxBytes is a positive integer');
  const maxUnpackedBytes = options.maxUnpackedBytes ?? maxBytes * DEFAULT_UNPACKED_RATIO;
  const maxEntries = options.maxEntries ?? MANIFEST_LIMITS.files * 2 + 1;
  return { maxBytes, maxUnpackedBytes, maxEntries };
}

function toReadable(source: BundleSource): Readable {
  if (source instanceof Readable) return source;
  if (source instanceof Uint8Array)
    return Readable.from([Buffer.from(source.buffer, source.byteOffset, source.byteLength)]);
  return Readable.from(source as AsyncIterable<Uint8Array>);
}

function asBundleError(error: unknown): BundleError {
  if (error instanceof BundleError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new BundleError('BUNDLE_CORRUPT', `Not a readable bundle: ${message}`, { cause: error });
}

/** Counts, hashes and bounds the compressed bytes; checks the gzip header and keeps the last 8 bytes. */
function createRawTap(maxBytes: number) {
  const hash = createHash('sha512');
  let size = 0;
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(new BundleError('BUNDLE_TOO_LARGE', `The bundle is over ${maxBytes} bytes`));
        return;
      }
      hash.update(chunk);
      if (head.length < GZIP_HEADER_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, GZIP_HEADER_BYTES - head.length)]);
        const problem = head.length === GZIP_HEADER_BYTES ? gzipHeaderProblem(head) : undefined;
        if (problem !== undefined) {
          callback(new BundleError('BUNDLE_CORRUPT', `Not a bundle: ${problem}`));
          return;
        }
      }
      tail =
        chunk.length >= GZIP_TRAILER_BYTES
          ? Buffer.from(chunk.subarray(-GZIP_TRAILER_BYTES))
          : Buffer.concat([tail, chunk]).subarray(-GZIP_TRAILER_BYTES);
      callback(null, chunk);
    },
    flush(callback) {
      const problem = gzipHeaderProblem(head);
      callback(problem === undefined ? null : new BundleError('BUNDLE_CORRUPT', `Not a bundle: ${problem}`));
    },
  });
  return {
    stream,
    size: () => size,
    digest: () => hash.digest('base64'),
    /** gunzip stops at the end of a member; the stream's own last 8 bytes must close that member. */
    checkTrailer(unpackedCrc: number, unpackedSize: number) {
      const matches =
        tail.length === GZIP_TRAILER_BYTES &&
        tail.readUInt32LE(0) === unpackedCrc &&
        tail.readUInt32LE(4) === unpackedSize % 2 ** 32;
      if (!matches)
        throw new BundleError('BUNDLE_CORRUPT', 'Bytes follow the gzip stream, or it has several members');
    },
  };
}

/** Counts and bounds the unpacked bytes (stopping a decompression bomb early) and takes their CRC-32. */
function createUnpackedTap(maxUnpackedBytes: number) {
  let size = 0;
  let crc = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxUnpackedBytes) {
        callback(
          new BundleError('BUNDLE_TOO_LARGE', `The bundle unpacks to more than ${maxUnpackedBytes} bytes`),
        );
        return;
      }
      crc = crc32(chunk, crc);
      callback(null, chunk);
    },
  });
  return { stream, size: () => size, crc: () => crc >>> 0 };
}

/** Checks each tar entry as it comes, against the manifest once it has been read. */
function createEntryReader(maxEntries: number, keepFiles: (path: string, manifest: Manifest) => boolean) {
  const paths = new BundlePathSet();
  const files = new Map<string, Buffer>();
  const seen = new Set<string>();
  let listed = new Map<string, ManifestFile>();
  let manifest: Manifest | undefined;
  let entries = 0;

  async function read(header: tar.Header, stream: AsyncIterable<Buffer>): Promise<void> {
    entries += 1;
    if (entries > maxEntries)
      throw new BundleError('BUNDLE_TOO_LARGE', `The bundle has more than ${maxEntries} entries`);
    if (header.type !== 'file' && header.type !== 'directory') {
      throw new BundleError(
        'BUNDLE_LINK',
        `${JSON.stringify(header.name)} is a ${header.type ?? 'special entry'}, not a file or folder`,
      );
    }
    const isFolder = header.type === 'directory';
    const name = isFolder && header.name.endsWith('/') ? header.name.slice(0, -1) : header.name;
    assertSafeBundlePath(name);
    paths.add(name, isFolder ? 'folder' : 'file');
    if (isFolder && header.size !== 0)
      throw new BundleError('BUNDLE_CORRUPT', `Folder entry ${name} carries data`);

    if (manifest === undefined) {
      if (name !== MANIFEST_ENTRY || isFolder) {
        throw new BundleError(
          'BUNDLE_MANIFEST_INVALID',
          `${MANIFEST_ENTRY} must be the bundle's first entry`,
        );
      }
      manifest = await readManifest(header, stream);
      listed = new Map(manifest.files.map((file) => [file.path, file]));
      return;
    }
    if (isFolder) {
      if (name !== FILES_PREFIX.slice(0, -1) && !name.startsWith(FILES_PREFIX)) {
        throw new BundleError('BUNDLE_FILE_MISMATCH', `Folder ${name} is outside ${FILES_PREFIX}`);
      }
      return;
    }
    const path = name.startsWith(FILES_PREFIX) ? name.slice(FILES_PREFIX.length) : undefined;
    const file = path === undefined ? undefined : listed.get(path);
    if (path === undefined || file === undefined)
      throw new BundleError('BUNDLE_FILE_MISMATCH', `${name} is not in the manifest`);
    if (header.size !== file.size) {
      throw new BundleError(
        'BUNDLE_FILE_MISMATCH',
        `${path} is ${header.size} bytes; the manifest says ${file.size}`,
      );
    }
    const keep = keepFiles(path, manifest);
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) {
      hash.update(chunk);
      if (keep) chunks.push(chunk);
    }
    if (hash.digest('hex') !== file.sha256) {
      throw new BundleError('BUNDLE_FILE_MISMATCH', `${path} does not match its sha256 in the manifest`);
    }
    seen.add(path);
    if (keep) files.set(path, Buffer.concat(chunks));
  }

  function finish(): Manifest {
    if (manifest === undefined)
      throw new BundleError('BUNDLE_MANIFEST_INVALID', `The bundle has no ${MANIFEST_ENTRY}`);
    const missing = manifest.files.filter((file) => !seen.has(file.path));
    if (missing.length > 0) {
      const names = missing.slice(0, 3).map((file) => file.path);
      throw new BundleError(
        'BUNDLE_FILE_MISMATCH',
        `Listed but missing: ${names.join(', ')}${missing.length > 3 ? ', …' : ''}`,
      );
    }
    return manifest;
  }

  return { read, finish, files };
}

async function readManifest(header: tar.Header, stream: AsyncIterable<Buffer>): Promise<Manifest> {
  if (header.size > MANIFEST_MAX_BYTES) {
    throw new BundleError('BUNDLE_MANIFEST_INVALID', `${MANIFEST_ENTRY} is over ${MANIFEST_MAX_BYTES} bytes`);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)));
  } catch (cause) {
    throw new BundleError('BUNDLE_MANIFEST_INVALID', `${MANIFEST_ENTRY} is not UTF-8 JSON`, { cause });
  }
  const manifest = parseManifest(json);
  if (!verifyManifestSignature(manifest, verifyNatively)) {
    throw new BundleError(
      'BUNDLE_SIGNATURE_INVALID',
      `The manifest is not signed by the key of ${manifest.did}`,
    );
  }
  return manifest;
}
