/**
 * Builders for tests: manifests signed with a fresh key, and tarballs put together by hand
 * (tar-stream + gzip), good or deliberately bad.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import * as tar from 'tar-stream';
import { generateAppKey, type AppKey } from '../app-key.ts';
import { canonicalJson } from '../canonical-json.ts';
import { FILES_PREFIX, MANIFEST_ENTRY } from '../format.ts';
import { signManifest } from '../manifest-signature.ts';
import type { Manifest, UnsignedManifest } from '../manifest.ts';

export interface TarEntry {
  name: string;
  body?: Buffer | string;
  type?: tar.Header['type'];
  linkname?: string;
  mode?: number;
  /** Extra PAX records (a `path` here overrides `name` when read). */
  pax?: Record<string, string>;
}

/** The fields of a valid manifest (no files, no signature) for `key`. */
export function makeManifestFields(
  key: AppKey,
  overrides: Partial<UnsignedManifest> = {},
): Omit<UnsignedManifest, 'files'> {
  return {
    manifestVersion: 1,
    did: key.did,
    name: 'hello-app',
    title: 'Hello App',
    version: '1.0.0',
    description: 'Says hello.\nTwice.',
    screenshots: [],
    readme: {},
    keywords: ['greeting'],
    components: [],
    dependencies: [],
    extensions: [],
    resources: [],
    price: null,
    ...overrides,
  };
}

export function sha256(body: Buffer | string): string {
  return createHash('sha256').update(body).digest('hex');
}

/** A manifest listing `files` (path → content), signed with `key` (a fresh one by default). */
export function makeSignedManifest(
  files: Record<string, string | Buffer>,
  options: { key?: AppKey; fields?: Partial<UnsignedManifest> } = {},
): { key: AppKey; manifest: Manifest } {
  const key = options.key ?? generateAppKey();
  const listed = Object.keys(files)
    .sort()
    .map((path) => {
      const body = Buffer.from(files[path] as string | Buffer);
      return { path, size: body.length, sha256: sha256(body) };
    });
  const manifest = signManifest({ ...makeManifestFields(key, options.fields), files: listed }, key.secretKey);
  return { key, manifest };
}

/** The entries of a well-formed bundle: `manifest.json`, then each file under `package/`. */
export function bundleEntries(manifest: Manifest, files: Record<string, string | Buffer>): TarEntry[] {
  return [
    { name: MANIFEST_ENTRY, body: canonicalJson(manifest) },
    ...Object.keys(files)
      .sort()
      .map((path) => ({ name: FILES_PREFIX + path, body: files[path] })),
  ];
}

/** A tar archive of `entries`, uncompressed. */
export async function packTar(entries: TarEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const collected = (async () => {
    for await (const chunk of pack as unknown as AsyncIterable<Buffer>) chunks.push(chunk);
  })();
  for (const entry of entries) {
    const body = entry.body === undefined ? undefined : Buffer.from(entry.body);
    const header: tar.Header = {
      name: entry.name,
      type: entry.type ?? 'file',
      size: body?.length ?? 0,
      mode: entry.mode ?? 0o644,
      mtime: new Date(0),
      uid: 0,
      gid: 0,
      uname: '',
      gname: '',
      linkname: entry.linkname ?? '',
      devmajor: 0,
      devminor: 0,
      ...(entry.pax ? { pax: entry.pax } : {}),
    };
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error | null) => (error ? reject(error) : resolve());
      if (body === undefined) pack.entry(header, done).end(undefined);
      else pack.entry(header, body, done);
    });
  }
  pack.finalize();
  await collected;
  return Buffer.concat(chunks);
}

/** A gzip tarball of `entries`. */
export async function makeTarball(entries: TarEntry[]): Promise<Buffer> {
  return gzipSync(await packTar(entries));
}
