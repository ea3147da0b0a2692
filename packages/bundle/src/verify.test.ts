import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateAppKey } from './app-key.ts';
import { canonicalJson } from './canonical-json.ts';
import { BundleError } from './errors.ts';
import { manifestAssetPaths } from './manifest.ts';
import {
  bundleEntries,
  makeSignedManifest,
  makeTarball,
  packTar,
  type TarEntry,
} from './test-utils/tarballs.ts';
import { readBundle, type ReadBundleOptions } from './verify.ts';

const FILES = { 'README.md': '# Hello\n', 'index.js': 'console.log("hello")\n', 'img/logo.png': 'png bytes' };
const { key, manifest } = makeSignedManifest(FILES, {
  fields: { logo: 'img/logo.png', readme: { en: 'README.md' } },
});
const goodEntries = bundleEntries(manifest, FILES);
const LIMITS: ReadBundleOptions = { maxBytes: 1_000_000 };

async function refusal(tarball: Buffer | Readable, options: ReadBundleOptions = LIMITS): Promise<string> {
  try {
    await readBundle(tarball, options);
  } catch (error) {
    if (process.env.BUNDLE_TEST_VERBOSE) console.log((error as Error).message);
    return error instanceof BundleError ? error.code : `not a BundleError: ${String(error)}`;
  }
  return 'accepted';
}

/** The good entries with `edit` applied to the list. */
async function tarballWith(edit: (entries: TarEntry[]) => TarEntry[]): Promise<Buffer> {
  return makeTarball(edit(goodEntries.map((entry) => ({ ...entry }))));
}

describe('readBundle', () => {
  it('answers the manifest, the files, the integrity and the size of a good bundle', async () => {
    const tarball = await makeTarball(goodEntries);
    const read = await readBundle(tarball, LIMITS);
    expect(read.manifest).toEqual(manifest);
    expect(Object.fromEntries([...read.files].map(([path, body]) => [path, body.toString()]))).toEqual(FILES);
    expect(read.size).toBe(tarball.length);
    expect(read.integrity).toMatch(/^sha512-/);
    await expect(readBundle(tarball, { ...LIMITS, expectedIntegrity: read.integrity })).resolves.toBeTruthy();
  });

  it('reads from a stream in small chunks, and keeps only the files asked for', async () => {
    const tarball = await makeTarball(goodEntries);
    const chunks = Array.from({ length: Math.ceil(tarball.length / 7) }, (_, index) =>
      tarball.subarray(index * 7, index * 7 + 7),
    );
    const read = await readBundle(Readable.from(chunks), {
      ...LIMITS,
      keepFiles: (path, readManifest) => manifestAssetPaths(readManifest).includes(path),
    });
    expect([...read.files.keys()].sort()).toEqual(['README.md', 'img/logo.png']);
  });

  it('accepts folder entries under package/', async () => {
    const tarball = await tarballWith((entries) => [
      entries[0] as TarEntry,
      { name: 'package/', type: 'directory' },
      { name: 'package/img/', type: 'directory' },
      ...entries.slice(1),
    ]);
    expect(await refusal(tarball)).toBe('accepted');
  });

  it('refuses a tarball whose sha512 is not the expected integrity', async () => {
    const tarball = await makeTarball(goodEntries);
    const other = await readBundle(
      await tarballWith((entries) => [...entries, { name: 'package/', type: 'directory' }]),
      LIMITS,
    );
    expect(await refusal(tarball, { ...LIMITS, expectedIntegrity: other.integrity })).toBe(
      'BUNDLE_INTEGRITY_MISMATCH',
    );
    expect(await refusal(tarball, { ...LIMITS, expectedIntegrity: 'sha512-' })).toBe(
      'BUNDLE_INTEGRITY_MISMATCH',
    );
  });

  describe('refuses unsafe paths', () => {
    it.each([
      ['../evil', 'package/../../evil'],
      ['a climb inside package/', 'package/img/../../../evil'],
      ['/abs', '/etc/cron.d/evil'],
      ['a backslash', 'package\\..\\evil'],
      ['a drive letter', 'C:/evil'],
      ['an empty segment', 'package//index.js'],
      ['a dot segment', 'package/./index.js'],
    ])('%s', async (_why, name) => {
      const tarball = await tarballWith((entries) => [...entries, { name, body: 'x' }]);
      expect(await refusal(tarball)).toBe('BUNDLE_PATH_UNSAFE');
    });

    it('a bare ../evil entry first', async () => {
      expect(await refusal(await makeTarball([{ name: '../evil', body: 'x' }, ...goodEntries]))).toBe(
        'BUNDLE_PATH_UNSAFE',
      );
    });

    it('a NUL smuggled in through a PAX path', async () => {
      const tarball = await tarballWith((entries) => [
        ...entries,
        { name: 'package/placeholder', body: 'x', pax: { path: 'package/index.js\u0000.png' } },
      ]);
      expect(await refusal(tarball)).toBe('BUNDLE_PATH_UNSAFE');
    });

    it('the same path twice, or twice but for letter case', async () => {
      const twice = await tarballWith((entries) => [...entries, { ...(entries[2] as TarEntry) }]);
      expect(await refusal(twice)).toBe('BUNDLE_PATH_UNSAFE');
      const cased = await tarballWith((entries) => [
        ...entries,
        { name: 'package/README.MD', body: '# Hello\n' },
      ]);
      expect(await refusal(cased)).toBe('BUNDLE_PATH_UNSAFE');
      const manifestTwice = await tarballWith((entries) => [...entries, { ...(entries[0] as TarEntry) }]);
      expect(await refusal(manifestTwice)).toBe('BUNDLE_PATH_UNSAFE');
    });
  });

  describe('refuses links and special entries', () => {
    it.each([
      ['a symlink', { name: 'package/passwd', type: 'symlink', linkname: '/etc/passwd' }],
      ['a symlink out of the tree', { name: 'package/up', type: 'symlink', linkname: '../../..' }],
      ['a hardlink', { name: 'package/passwd', type: 'link', linkname: '/etc/passwd' }],
      ['a character device', { name: 'package/tty', type: 'character-device' }],
      ['a fifo', { name: 'package/pipe', type: 'fifo' }],
    ] as [string, TarEntry][])('%s', async (_why, entry) => {
      expect(await refusal(await tarballWith((entries) => [...entries, entry]))).toBe('BUNDLE_LINK');
    });
  });

  describe('refuses files that are not the manifest’s', () => {
    it('a file changed after signing (same size)', async () => {
      const tarball = await tarballWith((entries) =>
        entries.map((entry) =>
          entry.name === 'package/index.js' ? { ...entry, body: 'console.log("HACKS")\n' } : entry,
        ),
      );
      expect(await refusal(tarball)).toBe('BUNDLE_FILE_MISMATCH');
    });

    it('a file changed after signing (other size)', async () => {
      const tarball = await tarballWith((entries) =>
        entries.map((entry) => (entry.name === 'package/index.js' ? { ...entry, body: 'evil()' } : entry)),
      );
      expect(await refusal(tarball)).toBe('BUNDLE_FILE_MISMATCH');
    });

    it('an extra file', async () => {
      expect(
        await refusal(await tarballWith((entries) => [...entries, { name: 'package/extra.js', body: 'x' }])),
      ).toBe('BUNDLE_FILE_MISMATCH');
      expect(
        await refusal(await tarballWith((entries) => [...entries, { name: 'outside.js', body: 'x' }])),
      ).toBe('BUNDLE_FILE_MISMATCH');
    });

    it('a missing file', async () => {
      const tarball = await tarballWith((entries) =>
        entries.filter((entry) => entry.name !== 'package/README.md'),
      );
      expect(await refusal(tarball)).toBe('BUNDLE_FILE_MISMATCH');
    });
  });

  describe('refuses a bad manifest', () => {
    it('missing, or not first', async () => {
      expect(await refusal(await makeTarball(goodEntries.slice(1)))).toBe('BUNDLE_MANIFEST_INVALID');
      expect(await refusal(await makeTarball([...goodEntries.slice(1), goodEntries[0] as TarEntry]))).toBe(
        'BUNDLE_MANIFEST_INVALID',
      );
      expect(await refusal(await makeTarball([]))).toBe('BUNDLE_MANIFEST_INVALID');
    });

    it('not JSON, or not a manifest', async () => {
      const notJson = await tarballWith(([, ...rest]) => [
        { name: 'manifest.json', body: '{"did":' },
        ...rest,
      ]);
      expect(await refusal(notJson)).toBe('BUNDLE_MANIFEST_INVALID');
      const { signature: _signature, ...unsigned } = manifest;
      const noSignature = await tarballWith(([, ...rest]) => [
        { name: 'manifest.json', body: canonicalJson(unsigned) },
        ...rest,
      ]);
      expect(await refusal(noSignature)).toBe('BUNDLE_MANIFEST_INVALID');
    });

    it('changed after signing', async () => {
      const edited = { ...manifest, title: 'Free money' };
      const tarball = await tarballWith(([, ...rest]) => [
        { name: 'manifest.json', body: canonicalJson(edited) },
        ...rest,
      ]);
      expect(await refusal(tarball)).toBe('BUNDLE_SIGNATURE_INVALID');
    });

    it('with a malleated signature (S + L), which a lenient check would take', async () => {
      const value = Buffer.from(manifest.signature.value, 'base64url');
      const l = 2n ** 252n + 27742317777372353535851937790883648493n;
      const s = BigInt(`0x${Buffer.from(value.subarray(32)).reverse().toString('hex')}`) + l;
      const sBytes = Buffer.from(s.toString(16).padStart(64, '0'), 'hex').reverse();
      const malleated = Buffer.concat([value.subarray(0, 32), sBytes]).toString('base64url');
      const tarball = await tarballWith(([, ...rest]) => [
        {
          name: 'manifest.json',
          body: canonicalJson({ ...manifest, signature: { ...manifest.signature, value: malleated } }),
        },
        ...rest,
      ]);
      expect(await refusal(tarball)).toBe('BUNDLE_SIGNATURE_INVALID');
    });

    it('signed by another key than its DID’s', async () => {
      const other = generateAppKey();
      const { manifest: foreign } = makeSignedManifest(FILES, {
        key: other,
        fields: { logo: 'img/logo.png' },
      });
      const stolenDid = { ...foreign, did: key.did };
      const tarball = await tarballWith(([, ...rest]) => [
        { name: 'manifest.json', body: canonicalJson(stolenDid) },
        ...rest,
      ]);
      expect(await refusal(tarball)).toBe('BUNDLE_SIGNATURE_INVALID');
    });
  });

  describe('refuses a corrupt or oversized stream', () => {
    it('a truncated gzip', async () => {
      const tarball = await makeTarball(goodEntries);
      expect(await refusal(tarball.subarray(0, tarball.length - 20))).toBe('BUNDLE_CORRUPT');
      expect(await refusal(tarball.subarray(0, 5))).toBe('BUNDLE_CORRUPT');
      expect(await refusal(Buffer.alloc(0))).toBe('BUNDLE_CORRUPT');
    });

    it('a truncated tar inside a whole gzip', async () => {
      const tar = await packTar(goodEntries);
      expect(await refusal(gzipSync(tar.subarray(0, 1500)))).toBe('BUNDLE_CORRUPT');
    });

    it('not gzip, a gzip header with a file name, bytes after the end, or a second member', async () => {
      const tar = await packTar(goodEntries);
      const tarball = gzipSync(tar);
      expect(await refusal(tar)).toBe('BUNDLE_CORRUPT');
      const named = Buffer.concat([
        Buffer.from([0x1f, 0x8b, 8, 8, 0, 0, 0, 0, 0, 3]),
        Buffer.from('app.tar\0'),
        tarball.subarray(10),
      ]);
      expect(await refusal(named)).toBe('BUNDLE_CORRUPT');
      expect(await refusal(Buffer.concat([tarball, Buffer.from('trailing junk')]))).toBe('BUNDLE_CORRUPT');
      expect(await refusal(Buffer.concat([tarball, gzipSync(Buffer.alloc(1024))]))).toBe('BUNDLE_CORRUPT');
    });

    it('a tarball over maxBytes', async () => {
      const tarball = await makeTarball(goodEntries);
      expect(await refusal(tarball, { maxBytes: tarball.length - 1 })).toBe('BUNDLE_TOO_LARGE');
      expect(await refusal(tarball, { maxBytes: tarball.length })).toBe('accepted');
    });

    it('a decompression bomb, stopped at the unpacked limit', async () => {
      // 16 MB of zeros in one listed file packs to about 16 KB; 1 MB may unpack to 10 MB.
      const huge = Buffer.alloc(16 * 1024 * 1024);
      const bombFiles = { 'zeros.bin': huge };
      const { manifest: bombManifest } = makeSignedManifest(bombFiles);
      const bomb = gzipSync(await packTar(bundleEntries(bombManifest, bombFiles)), { level: 1 });
      expect(bomb.length).toBeLessThan(100 * 1024);
      const started = performance.now();
      expect(await refusal(bomb, { maxBytes: 1_000_000 })).toBe('BUNDLE_TOO_LARGE');
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(await refusal(bomb, { maxBytes: 1_000_000, maxUnpackedBytes: 17 * 1024 * 1024 })).toBe(
        'accepted',
      );
    });

    it('more entries than allowed', async () => {
      expect(await refusal(await makeTarball(goodEntries), { ...LIMITS, maxEntries: 3 })).toBe(
        'BUNDLE_TOO_LARGE',
      );
    });
  });
});
