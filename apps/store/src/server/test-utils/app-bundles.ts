/**
 * Builders for upload tests: real bundles made with `createBundle` (as the CLI makes them) in a
 * temporary folder, ways to tamper with them, and the multipart form an upload sends.
 */
import {
  canonicalJson,
  canonicalManifestBytes,
  createBundle,
  generateAppKey,
  type AppKey,
  type Manifest,
  type ManifestInput,
} from '@bazaar/bundle';
import { ed25519 } from '@noble/curves/ed25519.js';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import * as tar from 'tar-stream';

export interface TestBundle {
  key: AppKey;
  manifest: Manifest;
  /** The tarball's bytes. */
  bytes: Buffer;
  integrity: string;
}

export interface MakeBundleOptions {
  /** The app's key; a fresh one by default (a new app). */
  key?: AppKey;
  name?: string;
  version?: string;
  title?: string;
  /** path → content; a small app by default. */
  files?: Record<string, string | Buffer>;
  /** More manifest fields (logo, price, dependencies, …); the files they name must be in `files`. */
  manifest?: Partial<ManifestInput>;
}

const DEFAULT_FILES = { 'index.js': 'console.log("hello")\n', 'README.md': '# Hello\n' };

/** A folder for one test's bundles; `remove()` when done. */
export async function openBundleWorkshop() {
  const root = await mkdtemp(join(tmpdir(), 'bazaar-test-apps-'));
  let count = 0;
  return {
    /** Bundles an app folder of `files` with `key`, as `bazaar bundle` would. */
    async make(options: MakeBundleOptions = {}): Promise<TestBundle> {
      const id = ++count;
      const folder = join(root, `app-${id}`);
      const files = { 'README.md': '# Hello\n', ...(options.files ?? DEFAULT_FILES) };
      for (const [path, content] of Object.entries(files)) {
        await mkdir(dirname(join(folder, path)), { recursive: true });
        await writeFile(join(folder, path), content);
      }
      const key = options.key ?? generateAppKey();
      const created = await createBundle({
        folder,
        manifest: {
          name: options.name ?? 'hello-app',
          title: options.title ?? 'Hello App',
          version: options.version ?? '1.0.0',
          description: 'Says hello.',
          readme: { en: 'README.md' },
          ...options.manifest,
        },
        secretKey: key.secretKey,
        outFile: join(root, `app-${id}.tgz`),
      });
      return {
        key,
        manifest: created.manifest,
        bytes: await readFile(created.file),
        integrity: created.integrity,
      };
    },
    /** Writes `bytes` to a file of the workshop and answers its path. */
    async save(name: string, bytes: Buffer): Promise<string> {
      const file = join(root, name);
      await writeFile(file, bytes);
      return file;
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** Incompressible bytes, for a bundle over a size limit. */
export const noise = (bytes: number): Buffer => randomBytes(bytes);

/** A copy of `bytes` with the byte at `index` (from the end when negative) flipped. */
export function flipByte(bytes: Buffer, index: number): Buffer {
  const copy = Buffer.from(bytes);
  const at = index < 0 ? copy.length + index : index;
  copy[at] = copy[at]! ^ 0xff;
  return copy;
}

export interface TarEntry {
  name: string;
  body?: Buffer;
  type?: tar.Header['type'];
  linkname?: string;
}

async function readEntries(tarball: Buffer): Promise<TarEntry[]> {
  const extract = tar.extract();
  const entries: TarEntry[] = [];
  const reading = (async () => {
    for await (const entry of extract as unknown as AsyncIterable<
      AsyncIterable<Buffer> & { header: tar.Header }
    >) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk);
      entries.push({
        name: entry.header.name,
        body: Buffer.concat(chunks),
        type: entry.header.type ?? 'file',
      });
    }
  })();
  extract.end(gunzipSync(tarball));
  await reading;
  return entries;
}

async function packEntries(entries: TarEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const collected = (async () => {
    for await (const chunk of pack as unknown as AsyncIterable<Buffer>) chunks.push(chunk);
  })();
  for (const entry of entries) {
    const type = entry.type ?? 'file';
    const body = type === 'file' ? (entry.body ?? Buffer.alloc(0)) : undefined;
    const header: tar.Header = {
      name: entry.name,
      type,
      size: body?.length ?? 0,
      mode: 0o644,
      mtime: new Date(0),
      uid: 0,
      gid: 0,
      uname: '',
      gname: '',
      linkname: entry.linkname ?? '',
      devmajor: 0,
      devminor: 0,
    };
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error | null) => (error ? reject(error) : resolve());
      if (body === undefined) pack.entry(header, done).end(undefined);
      else pack.entry(header, body, done);
    });
  }
  pack.finalize();
  await collected;
  return gzipSync(Buffer.concat(chunks));
}

/** The bundle with its entries edited (a file changed, an entry added), gzipped again. */
export async function rewriteBundle(
  bytes: Buffer,
  edit: (entries: TarEntry[]) => TarEntry[],
): Promise<Buffer> {
  return packEntries(edit(await readEntries(bytes)));
}

/**
 * The bundle's manifest, still naming its own DID, signed instead by `otherKey`: a valid
 * Ed25519 signature over the very bytes, by a key the DID does not name.
 */
export async function resignWithOtherKey(bundle: TestBundle, otherKey: AppKey): Promise<Buffer> {
  const value = ed25519.sign(canonicalManifestBytes(bundle.manifest), otherKey.secretKey);
  const forged: Manifest = {
    ...bundle.manifest,
    signature: { ...bundle.manifest.signature, value: Buffer.from(value).toString('base64url') },
  };
  return rewriteBundle(bundle.bytes, (entries) =>
    entries.map((entry) =>
      entry.name === 'manifest.json' ? { ...entry, body: Buffer.from(canonicalJson(forged)) } : entry,
    ),
  );
}

export interface FormPart {
  name: string;
  /** Set for a file part. */
  filename?: string;
  content: Buffer | string;
  contentType?: string;
}

/** A multipart/form-data body and its content type, for `app.inject`. */
export function multipartForm(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bazaar-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      `form-data; name="${part.name}"` + (part.filename === undefined ? '' : `; filename="${part.filename}"`);
    const type = part.contentType ?? (part.filename === undefined ? undefined : 'application/gzip');
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
          (type ? `Content-Type: ${type}\r\n` : '') +
          '\r\n',
      ),
      Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The form an upload sends: the bundle in its one file field. */
export const bundleForm = (bytes: Buffer) =>
  multipartForm([{ name: 'bundle', filename: 'app.tgz', content: bytes }]);

/** Every file under `folder`, as paths relative to it (none when it does not exist). */
export async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
    .sort();
}
