import type { Readable } from 'node:stream';

/** What the caller knows about a body before it is stored; each given value is checked as the bytes pass. */
export interface PutBundleOptions {
  /** The exact length in bytes; a body of another length is refused and nothing is stored. */
  size?: number;
  /** Stored with the object where the backend keeps one (S3's Content-Type). */
  contentType?: string;
  /** The body's sha512 digest in lowercase hex; a body with another digest is refused and nothing is stored. */
  sha512?: string;
}

/**
 * Where bundles live: the data folder by default, S3-compatible object storage when several
 * nodes share them. Keys are relative paths the Store builds from verified data, such as
 * `apps/did:key:z6Mk…/1.2.0/my-app-1.2.0.tgz`, and are checked again here (`assertBundleKey`).
 *
 * Every implementation keeps the same promises: a put is all or nothing (a reader sees the old
 * bundle or the whole new one, never part of one, and a failed put leaves no new bundle behind),
 * and a put consumes its body or destroys it.
 */
export interface BundleStorage {
  /** Stores `body` under `key`, replacing what was there. */
  put(
    key: string,
    body: Readable | Buffer,
    options?: PutBundleOptions,
  ): Promise<{ key: string; size: number }>;
  /** The stored bytes as a stream; throws a `BundleStorageError` coded `BUNDLE_NOT_FOUND` when there is none. */
  get(key: string): Promise<Readable>;
  /** The stored size, or null when nothing is stored under `key`. */
  head(key: string): Promise<{ size: number } | null>;
  /** Removes the bundle; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Releases connections (S3's sockets); the storage is not used afterwards. */
  close(): Promise<void>;
}

/**
 * Why a storage call failed, when it is the caller's business to know:
 * - `BUNDLE_NOT_FOUND`: `get` of a key under which nothing is stored.
 * - `BUNDLE_KEY_INVALID`: a key outside the safe form (see `assertBundleKey`); never reaches the backend.
 * - `BUNDLE_PATH_UNSAFE`: on disk, a path that would leave the storage folder (a symbolic link on the way).
 * - `BUNDLE_INTEGRITY_MISMATCH`: the body's length or sha512 differs from what `put` was told; nothing was stored.
 * Anything else (a full disk, an unreachable bucket) is thrown as the backend's own error.
 */
export type BundleStorageErrorCode =
  'BUNDLE_NOT_FOUND' | 'BUNDLE_KEY_INVALID' | 'BUNDLE_PATH_UNSAFE' | 'BUNDLE_INTEGRITY_MISMATCH';

/** The one error class of the storage layer; switch on `code`. */
export class BundleStorageError extends Error {
  readonly code: BundleStorageErrorCode;
  readonly key: string;

  constructor(code: BundleStorageErrorCode, key: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BundleStorageError';
    this.code = code;
    this.key = key;
  }
}

/** True for the error `get` throws when nothing is stored under the key. */
export function isBundleNotFound(error: unknown): error is BundleStorageError {
  return error instanceof BundleStorageError && error.code === 'BUNDLE_NOT_FOUND';
}

export function bundleNotFound(key: string, cause?: unknown): BundleStorageError {
  return new BundleStorageError('BUNDLE_NOT_FOUND', key, `No bundle is stored under "${key}"`, { cause });
}

/** S3's limit on a whole key, in UTF-8 bytes (our keys are ASCII, so characters). */
export const MAX_BUNDLE_KEY_LENGTH = 1024;
/** The usual file-name limit (NAME_MAX on Linux and macOS). */
const MAX_SEGMENT_LENGTH = 255;
/**
 * Letters, digits and `_ - . : +` (a DID holds colons, a semver build tag a plus), starting with a
 * letter, digit or underscore: so no `.` or `..`, and no hidden names, which the filesystem
 * storage keeps for its temporary files.
 */
const SEGMENT_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.:+-]*$/;

/** Why `key` is not a safe bundle key, or null when it is. */
function findKeyProblem(key: string): string | null {
  if (key.length === 0) return 'it is empty';
  if (key.length > MAX_BUNDLE_KEY_LENGTH) return `it is longer than ${MAX_BUNDLE_KEY_LENGTH} characters`;
  if (key.includes('\\')) return 'it holds a backslash';
  if (key.startsWith('/')) return 'it is absolute';
  for (const segment of key.split('/')) {
    if (segment === '') return 'it has an empty segment';
    if (segment === '.' || segment === '..') return `it has a "${segment}" segment`;
    if (segment.length > MAX_SEGMENT_LENGTH)
      return `a segment is longer than ${MAX_SEGMENT_LENGTH} characters`;
    if (!SEGMENT_PATTERN.test(segment)) {
      return 'a segment holds a character outside letters, digits and _ - . : + or starts with one of . - : +';
    }
  }
  return null;
}

/** True when `key` is a relative path of safe segments, such as `apps/did:key:z6Mk…/1.0.0/app-1.0.0.tgz`. */
export function isBundleKey(key: string): boolean {
  return findKeyProblem(key) === null;
}

/**
 * Refuses any key that is not a relative path of safe segments (no `..`, no leading `/`, no
 * backslash, no empty or hidden segment). Keys are built by the Store from verified data, so a
 * refusal here is a bug upstream; checking again keeps a path out of the data folder regardless.
 */
export function assertBundleKey(key: string): void {
  // Shown with JSON quoting so a control character in a bad key cannot forge a log line.
  const problem = typeof key === 'string' ? findKeyProblem(key) : 'it is not a string';
  if (problem !== null) {
    throw new BundleStorageError(
      'BUNDLE_KEY_INVALID',
      String(key),
      `${JSON.stringify(String(key).slice(0, 200))} is not a bundle key: ${problem}`,
    );
  }
}
