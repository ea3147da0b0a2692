/**
 * Making a bundle: a reproducible gzip tarball of an app's folder with its signed manifest.
 *
 * Layout: `manifest.json` first (the signed manifest as canonical JSON), then every file of the
 * folder as `package/<path>`, sorted by path. Every entry is a regular file with mode 0644 (0755
 * when any execute bit is set), uid/gid 0, empty owner names, mtime 0; no folder entries (empty
 * folders are not kept). gzip as in `gzip.ts`. The same folder therefore gives the same bytes,
 * whatever its mtimes, owners, umask or the order the file system lists it in.
 *
 * The tarball is streamed to a file (`outFile`, written under a temporary name and renamed when
 * complete), so a bundle of hundreds of megabytes never sits in memory.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar-stream';
import { appKeyFromSecretKey } from './app-key.ts';
import { canonicalJson } from './canonical-json.ts';
import { BundleError } from './errors.ts';
import { FILES_PREFIX, MANIFEST_ENTRY } from './format.ts';
import { createFixedGzip, createGzipHeaderFixer } from './gzip.ts';
import { listBundleFiles, type FolderFile } from './list-files.ts';
import { signManifest } from './manifest-signature.ts';
import {
  manifestInputSchema,
  parseWith,
  type Manifest,
  type ManifestFile,
  type ManifestInput,
} from './manifest.ts';

const FIXED_MTIME = new Date(0);
const FILE_MODE = 0o644;
const EXECUTABLE_MODE = 0o755;

export interface CreateBundleOptions {
  /** The app's folder. `.git`, `node_modules`, `.bazaar` and what `.bazaarignore` names stay out. */
  folder: string;
  /** The developer's fields; `did` may be left out (it is the key's). */
  manifest: ManifestInput;
  /** The app's 32-byte secret key: it signs the manifest, and its DID is the app's. */
  secretKey: Uint8Array;
  /** Where to write the tarball (folders are made). Left out of the bundle if inside `folder`. */
  outFile: string;
  /** More patterns to leave out, in gitignore syntax. */
  exclude?: readonly string[];
}

export interface CreatedBundle {
  /** Absolute path of the tarball. */
  file: string;
  manifest: Manifest;
  /** `sha512-<base64>` of the tarball (Subresource Integrity form, as npm's `dist.integrity`). */
  integrity: string;
  /** The tarball's size in bytes. */
  size: number;
}

/**
 * Bundles `folder`: lists and hashes its files, signs the manifest, writes the tarball. Throws
 * `BUNDLE_MANIFEST_INVALID` (bad fields, a missing logo/readme/…, a DID that is not the key's),
 * `BUNDLE_SYMLINK`, `BUNDLE_UNSUPPORTED_FILE`, `BUNDLE_PATH_UNSAFE`, or `BUNDLE_FILE_MISMATCH`
 * when a file changes while it is being bundled.
 */
export async function createBundle(options: CreateBundleOptions): Promise<CreatedBundle> {
  const key = appKeyFromSecretKey(options.secretKey);
  const input = parseWith(manifestInputSchema, options.manifest, 'The manifest input');
  if (input.did !== undefined && input.did !== key.did) {
    throw new BundleError(
      'BUNDLE_MANIFEST_INVALID',
      `manifest.did is ${input.did}, but the key is ${key.did}`,
    );
  }
  const outFile = resolve(options.outFile);
  const folderFiles = await listBundleFiles(options.folder, {
    exclude: options.exclude,
    skipAbsolutePaths: [outFile],
  });
  const files: ManifestFile[] = [];
  for (const file of folderFiles) files.push({ path: file.path, ...(await hashFile(file.absolutePath)) });
  const manifest = signManifest({ ...input, did: key.did, files }, key.secretKey);

  await mkdir(dirname(outFile), { recursive: true });
  const temporaryFile = `${outFile}.${process.pid}.${Date.now()}.partial`;
  try {
    const { integrity, size } = await writeTarball(temporaryFile, manifest, folderFiles);
    await rename(temporaryFile, outFile);
    return { file: outFile, manifest, integrity, size };
  } catch (error) {
    await rm(temporaryFile, { force: true });
    throw error;
  }
}

async function writeTarball(
  target: string,
  manifest: Manifest,
  folderFiles: FolderFile[],
): Promise<{ integrity: string; size: number }> {
  const pack = tar.pack();
  const digest = createDigestTap('sha512');
  const writing = pipeline(
    Readable.from(pack),
    createFixedGzip(),
    createGzipHeaderFixer(),
    digest.stream,
    createWriteStream(target),
  );
  let failure: unknown;
  try {
    await addEntry(pack, MANIFEST_ENTRY, FILE_MODE, Buffer.from(canonicalJson(manifest)));
    for (const [index, folderFile] of folderFiles.entries()) {
      await addFileEntry(pack, folderFile, manifest.files[index] as ManifestFile);
    }
    pack.finalize();
  } catch (error) {
    failure = error;
    pack.destroy(error as Error);
  }
  try {
    await writing;
  } catch (error) {
    failure ??= error;
  }
  if (failure !== undefined) throw failure;
  return { integrity: `sha512-${digest.digest('base64')}`, size: digest.size() };
}

function entryHeader(name: string, mode: number, size: number): tar.Header {
  return {
    name,
    size,
    mode,
    type: 'file',
    mtime: FIXED_MTIME,
    uid: 0,
    gid: 0,
    uname: '',
    gname: '',
    linkname: '',
    devmajor: 0,
    devminor: 0,
  };
}

function addEntry(pack: tar.Pack, name: string, mode: number, body: Buffer): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    pack.entry(entryHeader(name, mode, body.length), body, (error) =>
      error ? reject(error) : resolvePromise(),
    );
  });
}

/** Streams one file into the tarball, checking it is still the file that was hashed and listed. */
async function addFileEntry(pack: tar.Pack, folderFile: FolderFile, listed: ManifestFile): Promise<void> {
  const changed = () =>
    new BundleError(
      'BUNDLE_FILE_MISMATCH',
      `${listed.path} changed while it was being bundled; bundle again`,
    );
  const mode = folderFile.isExecutable ? EXECUTABLE_MODE : FILE_MODE;
  let finishEntry!: () => void;
  let failEntry!: (error: Error) => void;
  const entryDone = new Promise<void>((resolvePromise, reject) => {
    finishEntry = resolvePromise;
    failEntry = reject;
  });
  const sink = pack.entry(entryHeader(FILES_PREFIX + listed.path, mode, listed.size), (error) =>
    error ? failEntry(error) : finishEntry(),
  );
  const hash = createHash('sha256');
  let written = 0;
  for await (const chunk of createReadStream(folderFile.absolutePath) as AsyncIterable<Buffer>) {
    written += chunk.length;
    if (written > listed.size) throw changed();
    hash.update(chunk);
    if (!sink.write(chunk)) await waitForDrain(sink);
  }
  if (written !== listed.size || hash.digest('hex') !== listed.sha256) throw changed();
  sink.end(undefined);
  await entryDone;
}

/** Resolves when the entry takes more data; rejects if the tarball is torn down meanwhile. */
function waitForDrain(sink: ReturnType<tar.Pack['entry']>): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const onDrain = () => {
      sink.off('close', onClose);
      resolvePromise();
    };
    const onClose = () => {
      sink.off('drain', onDrain);
      reject(new Error('The tarball stream closed'));
    };
    sink.once('drain', onDrain);
    sink.once('close', onClose);
  });
}

async function hashFile(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    size += chunk.length;
    hash.update(chunk);
  }
  return { size, sha256: hash.digest('hex') };
}

/** A pass-through that hashes and counts what flows through it. */
function createDigestTap(algorithm: 'sha512' | 'sha256') {
  const hash = createHash(algorithm);
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, digest: (encoding: 'base64' | 'hex') => hash.digest(encoding), size: () => size };
}
