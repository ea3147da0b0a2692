/**
 * The files of an app's folder that go into its bundle, in bundle order.
 */
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import ignoreModule from 'ignore';
import { BundlePathSet, assertSafeBundlePath } from './bundle-path.ts';
import { compareCodeUnits } from './canonical-json.ts';
import { BundleError } from './errors.ts';

/** Never bundled, at any depth: version control, installed packages, the app's key and settings. */
export const ALWAYS_EXCLUDED_NAMES = ['.git', 'node_modules', '.bazaar'] as const;
/** Patterns in gitignore syntax, one a line, read from the root of the app's folder (and not bundled). */
export const IGNORE_FILE_NAME = '.bazaarignore';

export interface FolderFile {
  /** The bundle path: relative to the folder, `/`-separated. */
  path: string;
  absolutePath: string;
  size: number;
  /** Any execute bit set: the file goes in as 0755, otherwise 0644. */
  isExecutable: boolean;
}

export interface ListFilesOptions {
  /** More patterns in gitignore syntax, on top of `.bazaarignore`. */
  exclude?: readonly string[];
  /** Absolute paths to leave out (the bundle being written, when it sits inside the folder). */
  skipAbsolutePaths?: readonly string[];
}

/**
 * Walks `folder` and answers its files sorted by path (UTF-16 code units). Throws
 * `BUNDLE_SYMLINK` for a symlink and `BUNDLE_UNSUPPORTED_FILE` for a socket, fifo or device
 * (unless excluded), `BUNDLE_PATH_UNSAFE` for a name a bundle cannot carry.
 */
export async function listBundleFiles(folder: string, options: ListFilesOptions = {}): Promise<FolderFile[]> {
  const root = resolve(folder);
  const matcher = ignoreModule.default().add(await readIgnoreFile(root));
  matcher.add([...(options.exclude ?? [])]);
  const skipped = new Set((options.skipAbsolutePaths ?? []).map((path) => resolve(path)));
  const excluded = new Set<string>(ALWAYS_EXCLUDED_NAMES);
  const files: FolderFile[] = [];
  const paths = new BundlePathSet();
  // `ignore` throws on names it takes for "not relative" ("..."); no pattern can name those.
  const isIgnored = (path: string) => {
    try {
      return matcher.ignores(path);
    } catch {
      return false;
    }
  };

  async function walk(directory: string, prefix: string): Promise<void> {
    const entries = await readdir(directory, { withFileTypes: true });
    for (const entry of entries) {
      const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      const absolutePath = join(directory, entry.name);
      if (excluded.has(entry.name) || (prefix === '' && entry.name === IGNORE_FILE_NAME)) continue;
      if (skipped.has(absolutePath)) continue;
      if (isIgnored(entry.isDirectory() ? `${path}/` : path)) continue;
      assertSafeBundlePath(path);
      if (entry.isSymbolicLink()) {
        throw new BundleError('BUNDLE_SYMLINK', `${path} is a symlink; bundles hold regular files only`);
      }
      if (entry.isDirectory()) {
        paths.add(path, 'folder');
        await walk(absolutePath, path);
      } else if (entry.isFile()) {
        paths.add(path, 'file');
        const stats = await lstat(absolutePath);
        files.push({ path, absolutePath, size: stats.size, isExecutable: (stats.mode & 0o111) !== 0 });
      } else {
        throw new BundleError('BUNDLE_UNSUPPORTED_FILE', `${path} is not a regular file or folder`);
      }
    }
  }

  await walk(root, '');
  return files.sort((a, b) => compareCodeUnits(a.path, b.path));
}

async function readIgnoreFile(root: string): Promise<string> {
  try {
    return await readFile(join(root, IGNORE_FILE_NAME), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}
