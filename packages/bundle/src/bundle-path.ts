/**
 * Paths inside a bundle: relative, `/`-separated, and safe to extract on any system. The same
 * rule is checked when bundling (so a bundle the Store would refuse is never made), in the
 * manifest schema, and on every tarball entry when a bundle is read.
 *
 * Browser-safe.
 */
import { BundleError } from './errors.ts';

export const BUNDLE_PATH_MAX_BYTES = 1024;
export const BUNDLE_PATH_SEGMENT_MAX_BYTES = 255;

// Control characters, backslash (a separator on Windows) and colon (drive letters, NTFS streams).
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f\\:]/;
const encoder = new TextEncoder();

/** Why `path` is not a safe bundle path, or `undefined` when it is. */
export function bundlePathProblem(path: unknown): string | undefined {
  if (typeof path !== 'string' || path.length === 0) return 'empty';
  if (!path.isWellFormed()) return 'not valid Unicode';
  if (FORBIDDEN_CHARACTERS.test(path)) return 'holds a control character, backslash or colon';
  if (path.startsWith('/')) return 'absolute';
  if (encoder.encode(path).length > BUNDLE_PATH_MAX_BYTES)
    return `longer than ${BUNDLE_PATH_MAX_BYTES} bytes`;
  for (const segment of path.split('/')) {
    if (segment === '..') return 'climbs out with ..';
    if (segment === '' || segment === '.') return 'has an empty or . segment';
    if (encoder.encode(segment).length > BUNDLE_PATH_SEGMENT_MAX_BYTES) {
      return `has a name longer than ${BUNDLE_PATH_SEGMENT_MAX_BYTES} bytes`;
    }
  }
  return undefined;
}

export function isSafeBundlePath(path: unknown): path is string {
  return bundlePathProblem(path) === undefined;
}

/** Throws `BUNDLE_PATH_UNSAFE` unless `path` is a safe bundle path. */
export function assertSafeBundlePath(path: string): void {
  const problem = bundlePathProblem(path);
  if (problem !== undefined)
    throw new BundleError('BUNDLE_PATH_UNSAFE', `Unsafe path ${JSON.stringify(path)}: ${problem}`);
}

type PathKind = 'file' | 'folder' | 'implied-folder';

/**
 * The paths of one bundle, refusing any two that would land on the same place when extracted:
 * the same path twice, two paths differing only in letter case or Unicode normalisation (one
 * file on macOS and Windows), or a file that another path uses as a folder.
 */
export class BundlePathSet {
  readonly #kinds = new Map<string, PathKind>();

  /** Adds a safe path; throws `BUNDLE_PATH_UNSAFE` on a clash. */
  add(path: string, kind: 'file' | 'folder'): void {
    assertSafeBundlePath(path);
    const clash = () =>
      new BundleError('BUNDLE_PATH_UNSAFE', `Path ${JSON.stringify(path)} clashes with another entry`);
    const key = foldPath(path);
    const existing = this.#kinds.get(key);
    if (existing === 'file' || existing === 'folder' || (existing === 'implied-folder' && kind === 'file'))
      throw clash();
    this.#kinds.set(key, kind);
    const segments = key.split('/');
    for (let end = 1; end < segments.length; end += 1) {
      const ancestor = segments.slice(0, end).join('/');
      const ancestorKind = this.#kinds.get(ancestor);
      if (ancestorKind === 'file') throw clash();
      if (ancestorKind === undefined) this.#kinds.set(ancestor, 'implied-folder');
    }
  }
}

function foldPath(path: string): string {
  return path.normalize('NFC').toLowerCase();
}
