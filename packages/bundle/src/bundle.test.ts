import { execFileSync } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tar from 'tar-stream';
import { gunzipSync } from 'node:zlib';
import { generateAppKey } from './app-key.ts';
import { createBundle } from './bundle.ts';
import { BundleError } from './errors.ts';
import { verifyManifestSignature } from './manifest-signature.ts';
import type { ManifestInput } from './manifest.ts';
import { readBundle } from './verify.ts';

const key = generateAppKey();
const input: ManifestInput = {
  name: 'hello-app',
  title: 'Hello',
  version: '1.0.0',
  description: 'Says hello',
  logo: 'logo.png',
  readme: { en: 'README.md', zh: 'docs/README.zh.md' },
};

/** The app's files, in the order they are written (which the file system may keep). */
const APP_FILES: [string, string | Buffer, number][] = [
  ['index.js', 'console.log("hello")\n', 0o644],
  ['logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]), 0o644],
  ['README.md', '# Hello\n', 0o644],
  ['docs/README.zh.md', '# 你好\n', 0o644],
  ['bin/run.sh', '#!/bin/sh\necho hi\n', 0o755],
  ['manifest.json', '{"name":"a web app manifest"}', 0o644],
  ['a-b.txt', 'sorts before a/ by code unit', 0o644],
  ['a/b.txt', 'nested', 0o644],
  ['empty.txt', '', 0o644],
  ['docs/说明.md', 'a non-ASCII name (a PAX header in the tar)', 0o644],
  [`deep/${'long-name-'.repeat(12)}.txt`, 'a path over 100 bytes', 0o644],
  ['node_modules/dep/index.js', 'never bundled', 0o644],
  ['.git/HEAD', 'ref: refs/heads/main', 0o644],
  ['.bazaar/app-key.json', '{"secret":"never bundled"}', 0o600],
  ['src/node_modules/x.js', 'never bundled at any depth', 0o644],
  ['.bazaarignore', '*.log\n/build/\n', 0o644],
  ['debug.log', 'ignored by .bazaarignore', 0o644],
  ['build/out.js', 'ignored by .bazaarignore', 0o644],
];
const BUNDLED = [
  'README.md',
  'a-b.txt',
  'a/b.txt',
  'bin/run.sh',
  `deep/${'long-name-'.repeat(12)}.txt`,
  'docs/README.zh.md',
  'docs/说明.md',
  'empty.txt',
  'index.js',
  'logo.png',
  'manifest.json',
];

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'bazaar-bundle-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

let folders = 0;
async function makeAppFolder(options: { reverse?: boolean; scramble?: boolean } = {}): Promise<string> {
  const folder = join(root, `app-${(folders += 1)}`);
  const files = options.reverse ? [...APP_FILES].reverse() : APP_FILES;
  for (const [path, body, mode] of files) {
    await mkdir(join(folder, path, '..'), { recursive: true });
    await writeFile(join(folder, path), body);
    // A different umask, owner and clock: permissions that differ but keep the execute bit.
    await chmod(join(folder, path), options.scramble ? (mode & 0o111 ? 0o700 : 0o600) : mode);
    if (options.scramble) {
      await utimes(
        join(folder, path),
        new Date(Date.now() - 86_400_000 * folders),
        new Date(2_000_000_000_000 + folders),
      );
      if (process.getuid?.() === 0) await chown(join(folder, path), 1234, 5678);
    }
  }
  return folder;
}

async function tarEntries(gzipped: Buffer): Promise<tar.Header[]> {
  const extract = tar.extract();
  const headers: tar.Header[] = [];
  const done = (async () => {
    for await (const entry of extract as unknown as AsyncIterable<{ header: tar.Header; resume(): void }>) {
      headers.push(entry.header);
      entry.resume();
    }
  })();
  extract.end(gunzipSync(gzipped));
  await done;
  return headers;
}

function codeOf(error: unknown): string {
  return error instanceof BundleError ? error.code : `not a BundleError: ${String(error)}`;
}

describe('createBundle', () => {
  it('bundles the folder with a signed manifest that readBundle verifies', async () => {
    const folder = await makeAppFolder();
    const created = await createBundle({
      folder,
      manifest: input,
      secretKey: key.secretKey,
      outFile: join(root, 'out', 'a.tgz'),
    });
    expect(created.manifest.did).toBe(key.did);
    expect(created.manifest.files.map((file) => file.path)).toEqual(BUNDLED);
    expect(verifyManifestSignature(created.manifest)).toBe(true);

    const tarball = await readFile(created.file);
    expect(created.size).toBe(tarball.length);
    expect(created.integrity).toMatch(/^sha512-[A-Za-z0-9+/]{86}==$/);
    const read = await readBundle(tarball, { maxBytes: 1_000_000, expectedIntegrity: created.integrity });
    expect(read.manifest).toEqual(created.manifest);
    expect(read.files.get('docs/README.zh.md')?.toString()).toBe('# 你好\n');
    expect(read.files.get('manifest.json')?.toString()).toBe('{"name":"a web app manifest"}');
    expect(read.files.get('docs/说明.md')?.toString()).toBe('a non-ASCII name (a PAX header in the tar)');
  });

  it('writes fixed headers: gzip without name, mtime or OS; entries sorted, owned by 0, mtime 0, 0644 or 0755', async () => {
    const folder = await makeAppFolder({ scramble: true });
    const { file } = await createBundle({
      folder,
      manifest: input,
      secretKey: key.secretKey,
      outFile: join(root, 'out', 'b.tgz'),
    });
    const tarball = await readFile(file);
    expect([...tarball.subarray(0, 10)]).toEqual([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
    const headers = await tarEntries(tarball);
    expect(headers.map((header) => header.name)).toEqual([
      'manifest.json',
      ...BUNDLED.map((path) => `package/${path}`),
    ]);
    for (const header of headers) {
      expect(header).toMatchObject({ type: 'file', uid: 0, gid: 0, uname: '', gname: '' });
      expect(header.mtime.getTime()).toBe(0);
      expect(header.mode).toBe(header.name === 'package/bin/run.sh' ? 0o755 : 0o644);
    }
  });

  it('gives byte-identical bundles of the same folder, whatever its mtimes, modes, owners or listing order', async () => {
    const bundles: Buffer[] = [];
    for (const [index, options] of [
      {},
      {},
      { scramble: true },
      { reverse: true, scramble: true },
    ].entries()) {
      const folder = await makeAppFolder(options);
      const { file } = await createBundle({
        folder,
        manifest: input,
        secretKey: key.secretKey,
        outFile: join(root, 'same', `${index}.tgz`),
      });
      bundles.push(await readFile(file));
    }
    const folder = await makeAppFolder();
    const first = await createBundle({
      folder,
      manifest: input,
      secretKey: key.secretKey,
      outFile: join(root, 'same', 'twice.tgz'),
    });
    await utimes(join(folder, 'index.js'), new Date(), new Date());
    const second = await createBundle({
      folder,
      manifest: input,
      secretKey: key.secretKey,
      outFile: join(root, 'same', 'twice.tgz'),
    });
    expect(second.integrity).toBe(first.integrity);
    bundles.push(await readFile(second.file));
    for (const bundle of bundles.slice(1)) expect(bundle.equals(bundles[0] as Buffer)).toBe(true);
  });

  it('leaves its own output out when it is written inside the folder', async () => {
    const folder = await makeAppFolder();
    const outFile = join(folder, 'release', 'app.tgz');
    const first = await createBundle({ folder, manifest: input, secretKey: key.secretKey, outFile });
    const second = await createBundle({ folder, manifest: input, secretKey: key.secretKey, outFile });
    expect(second.manifest.files.map((file) => file.path)).toEqual(BUNDLED);
    expect(second.integrity).toBe(first.integrity);
  });

  it('refuses a symlink in the folder (but not inside an excluded one)', async () => {
    const folder = await makeAppFolder();
    await symlink('../../outside', join(folder, 'node_modules', 'linked'));
    await createBundle({
      folder,
      manifest: input,
      secretKey: key.secretKey,
      outFile: join(root, 'out', 'c.tgz'),
    });
    await symlink('/etc/passwd', join(folder, 'docs', 'passwd'));
    const error = await createBundle({
      folder,
      manifest: input,
      secretKey: key.secretKey,
      outFile: join(root, 'out', 'c.tgz'),
    }).catch((caught: unknown) => caught);
    expect(codeOf(error)).toBe('BUNDLE_SYMLINK');
  });

  it('refuses a fifo in the folder', async (context) => {
    const folder = await makeAppFolder();
    try {
      execFileSync('mkfifo', [join(folder, 'pipe')]);
    } catch {
      context.skip();
    }
    const error = await createBundle({
      folder,
      manifest: input,
      secretKey: key.secretKey,
      outFile: join(root, 'out', 'd.tgz'),
    }).catch((caught: unknown) => caught);
    expect(codeOf(error)).toBe('BUNDLE_UNSUPPORTED_FILE');
  });

  it('refuses a manifest naming a missing logo, or a DID that is not the key’s', async () => {
    const folder = await makeAppFolder();
    const outFile = join(root, 'out', 'e.tgz');
    for (const manifest of [
      { ...input, logo: 'missing.png' },
      { ...input, did: generateAppKey().did },
      { ...input, name: 'hello app' },
    ]) {
      const error = await createBundle({ folder, manifest, secretKey: key.secretKey, outFile }).catch(
        (caught: unknown) => caught,
      );
      expect(codeOf(error)).toBe('BUNDLE_MANIFEST_INVALID');
    }
  });

  it('takes more exclusions from the caller', async () => {
    const folder = await makeAppFolder();
    const { manifest } = await createBundle({
      folder,
      manifest: { ...input, readme: {} },
      secretKey: key.secretKey,
      outFile: join(root, 'out', 'f.tgz'),
      exclude: ['docs/', '*.txt'],
    });
    expect(manifest.files.map((file) => file.path)).toEqual([
      'README.md',
      'bin/run.sh',
      'index.js',
      'logo.png',
      'manifest.json',
    ]);
  });
});
