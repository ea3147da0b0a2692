import { randomUUID } from 'node:crypto';
import {
  close,
  constants,
  createReadStream,
  createWriteStream,
  fstat,
  open as openCallback,
  realpath,
} from 'node:fs';
import { lstat, mkdir, open, rename, rm, unlink, type FileHandle } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import {
  assertBundleKey,
  BundleStorageError,
  bundleNotFound,
  type BundleStorage,
  type PutBundleOptions,
} from './storage.ts';
import { assertPutOptions, createBodyVerifier, discardBody, toReadable } from './verify-body.ts';

export interface FilesystemBundleStorageOptions {
  /** The folder bundles are kept under (the data folder's `bundles/`); created on the first put. */
  root: string;
}

const openDescriptor = promisify(openCallback);
const statDescriptor = promisify(fstat);
const closeDescriptor = promisify(close);
// The native one: one call of realpath(3), where the JavaScript one stats each folder on the way.
const realpathOf = promisify(realpath.native);

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

/**
 * Bundles as files under `root`, one per key (`apps/…/1.0.0/app-1.0.0.tgz`). A put writes a
 * hidden temporary file beside its target, syncs it and renames it into place, so a reader or a
 * crash never sees half a bundle; keys cannot name hidden files, so leftovers of a crash are
 * never served. No path is followed out of `root`: keys are checked, every folder on the way
 * must be a real folder (a symbolic link is refused), and the file itself is opened without
 * following a link.
 */
export function createFilesystemBundleStorage(options: FilesystemBundleStorageOptions): BundleStorage {
  const root = resolve(options.root);

  const unsafe = (key: string, path: string) =>
    new BundleStorageError(
      'BUNDLE_PATH_UNSAFE',
      key,
      `"${key}" passes through a symbolic link or leaves the bundle folder at ${path}`,
    );

  function pathOf(key: string): string {
    assertBundleKey(key);
    const path = resolve(root, ...key.split('/'));
    if (!path.startsWith(root + sep)) throw unsafe(key, path);
    return path;
  }

  /**
   * Creates the folders between `root` and the key's file, one by one. A symbolic link on the way
   * could point anywhere, so it is refused outright.
   */
  async function makeFolders(key: string): Promise<void> {
    let folder = root;
    await mkdir(root, { recursive: true });
    for (const segment of key.split('/').slice(0, -1)) {
      folder = join(folder, segment);
      let stats = await lstat(folder).catch((error: unknown) => {
        if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return null;
        throw error;
      });
      if (stats === null) {
        // Another put may create the same folder at the same moment.
        await mkdir(folder).catch((error: unknown) => {
          if (errorCode(error) !== 'EEXIST') throw error;
        });
        stats = await lstat(folder);
      }
      if (stats.isSymbolicLink()) throw unsafe(key, folder);
      if (!stats.isDirectory()) throw new Error(`Cannot store "${key}": ${folder} is a file, not a folder`);
    }
  }

  /** `root` with any link in its own path resolved (the data folder may sit behind one), once it exists. */
  let realRoot: Promise<string> | undefined;

  /**
   * Whether the folders between `root` and the key's file at `path` all exist, asked in one call
   * rather than one per folder (a small download is mostly such waits): the real path of the
   * file's folder must be where the key puts it, so a symbolic link on the way is refused outright.
   */
  async function foldersExist(key: string, path: string): Promise<boolean> {
    const folder = dirname(path);
    const real = await realpathOf(folder).catch((error: unknown) => {
      if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return null;
      if (errorCode(error) === 'ELOOP') throw unsafe(key, folder);
      throw error;
    });
    if (real === null) return false;
    realRoot ??= realpathOf(root).catch((error: unknown) => {
      realRoot = undefined;
      throw error;
    });
    if (real !== join(await realRoot, relative(root, folder))) throw unsafe(key, folder);
    return true;
  }

  async function put(key: string, body: Readable | Buffer, putOptions: PutBundleOptions = {}) {
    let path: string;
    try {
      path = pathOf(key);
      assertPutOptions(key, putOptions);
      await makeFolders(key);
    } catch (error) {
      discardBody(body);
      throw error;
    }
    const folder = dirname(path);
    const temporaryPath = join(folder, `.upload-${randomUUID()}.tmp`);
    const verifier = createBodyVerifier(key, putOptions);
    try {
      // `flush` syncs the file before it is closed, so it is on disk before the rename makes it
      // visible: after a crash the name holds the old bundle or the whole new one.
      const file = createWriteStream(temporaryPath, { flags: 'wx', mode: 0o644, flush: true });
      await pipeline(toReadable(body), verifier, file);
      await rename(temporaryPath, path);
    } catch (error) {
      await rm(temporaryPath, { force: true });
      throw error;
    }
    await syncFolder(folder);
    return { key, size: verifier.size() };
  }

  async function get(key: string): Promise<Readable> {
    const path = pathOf(key);
    if (!(await foldersExist(key, path))) throw bundleNotFound(key);
    let fd: number;
    try {
      fd = await openDescriptor(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') throw bundleNotFound(key, error);
      if (code === 'ELOOP') throw unsafe(key, path);
      throw error;
    }
    const stats = await statDescriptor(fd).catch(async (error: unknown) => {
      await closeDescriptor(fd);
      throw error;
    });
    if (!stats.isFile() || stats.size === 0) {
      await closeDescriptor(fd);
      if (!stats.isFile()) throw bundleNotFound(key);
      return Readable.from([]);
    }
    // The callback API over a descriptor streams about twice as fast as a FileHandle, and told
    // where the file ends the stream reads no more to find out: a small bundle is one read.
    return createReadStream('', { fd, start: 0, end: stats.size - 1 });
  }

  async function head(key: string) {
    const path = pathOf(key);
    if (!(await foldersExist(key, path))) return null;
    const stats = await lstat(path).catch((error: unknown) => {
      if (errorCode(error) === 'ENOENT') return null;
      throw error;
    });
    if (stats?.isSymbolicLink()) throw unsafe(key, path);
    return stats?.isFile() ? { size: stats.size } : null;
  }

  async function remove(key: string) {
    const path = pathOf(key);
    if (!(await foldersExist(key, path))) return;
    await unlink(path).catch((error: unknown) => {
      // Nothing there, or a folder rather than a bundle: either way no bundle is stored under the key.
      if (!['ENOENT', 'ENOTDIR', 'EISDIR'].includes(errorCode(error) ?? '')) throw error;
    });
  }

  return { put, get, head, delete: remove, close: async () => {} };
}

/**
 * Makes a rename in `folder` durable. Best effort: the bundle is already in place and readable,
 * so a platform that cannot sync a folder must not turn a successful put into a failure.
 */
async function syncFolder(folder: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(folder, constants.O_RDONLY);
    await handle.sync();
  } catch {
    // See above: durability of the folder entry only.
  } finally {
    await handle?.close().catch(() => {});
  }
}
