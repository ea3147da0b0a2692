import { createBundle, generateAppKey } from '@bazaar/bundle';
import { BUNDLE_HEADERS, formatBundleSignature, reprDigestOf } from '@bazaar/schemas';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { payTestCheckout, startTestCheckout } from '@bazaar/platform/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCliHarness, type CliHarness } from '../test-utils/cli-harness.ts';
import { sessionIdOf, startStorePlatform, type StorePlatform } from '../test-utils/store-platform.ts';

const integrityOf = (bytes: Buffer) => `sha512-${createHash('sha512').update(bytes).digest('base64')}`;

/** The bundle with `from` replaced by `to` (as long) inside its tar, gzipped again: a forgery, not a corruption. */
function swapInBundle(bundle: Buffer, from: string, to: string): Buffer {
  const tarball = gunzipSync(bundle);
  const at = tarball.indexOf(from);
  if (at < 0 || from.length !== to.length) throw new Error(`Cannot swap ${from} for ${to}`);
  Buffer.from(to).copy(tarball, at);
  return gzipSync(tarball, { level: 6 });
}

/**
 * Stands between the CLI and the Store and answers every download with `forge(bytes)`, its
 * digest headers recomputed to match (and its signature header from `signatureOf`, if given), as
 * a mirror or a network in the middle could.
 */
async function startForgingProxy(
  store: string,
  forge: (bytes: Buffer) => Buffer,
  signatureOf?: () => string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(`${store}${request.url}`);
      const bytes = forge(Buffer.from(await upstream.arrayBuffer()));
      const integrity = integrityOf(bytes);
      response.writeHead(upstream.status, {
        ...Object.fromEntries(upstream.headers),
        'content-length': String(bytes.length),
        [BUNDLE_HEADERS.integrity]: integrity,
        [BUNDLE_HEADERS.reprDigest]: reprDigestOf(integrity),
        ...(signatureOf ? { [BUNDLE_HEADERS.signature]: signatureOf() } : {}),
      });
      response.end(bytes);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * `bazaar download` against the running platform: a visitor downloads the published version of
 * a developer's app, verified; a bundle altered in storage, or forged on the way with headers to
 * match, is refused and nothing is written.
 */
describe('bazaar download against a running platform', () => {
  let s: StorePlatform;
  let developer: CliHarness;
  let visitor: CliHarness;
  let did: string;
  let published: Buffer;

  beforeAll(async () => {
    s = await startStorePlatform();
    developer = await createCliHarness();
    developer.onSleep = async (count) => {
      if (count === 0) {
        await s.call('POST', `/cli/connect/${sessionIdOf(developer.opened[0]!)}/approve`, s.developerCookie);
      }
    };
    expect((await developer.run('connect', s.store)).code).toBe(0);
    expect((await developer.run('init', '--name', 'hello-app', '--title', 'Hello', '--yes')).code).toBe(0);
    await mkdir(join(developer.cwd, 'dist'));
    await writeFile(join(developer.cwd, 'dist', 'index.js'), 'console.log("hello");\n');
    expect((await developer.run('upload')).code).toBe(0);
    did = JSON.parse(await readFile(join(developer.cwd, '.bazaar', 'app-key.json'), 'utf8')).did;
    const version = `/developer/apps/${did}/versions/0.1.0`;
    const review = `/console/apps/${did}/review`;
    for (const [path, cookie, body] of [
      [version, s.developerCookie, { action: 'requestReview' }],
      [review, s.ownerCookie, { action: 'start', version: '0.1.0' }],
      [review, s.ownerCookie, { action: 'approve', version: '0.1.0', category: 'productivity' }],
      [version, s.developerCookie, { action: 'publish' }],
    ] as const) {
      const response = await s.call('PUT', path, cookie, body);
      expect(response.statusCode, response.body).toBe(200);
    }
    published = await readFile(join(developer.cwd, '.bazaar', 'release', 'hello-app-0.1.0.tgz'));
    visitor = await createCliHarness();
  });
  afterAll(async () => {
    await developer?.remove();
    await visitor?.remove();
    await s?.close();
  });

  const visitorFiles = async (folder = visitor.cwd) => (await readdir(folder)).sort();

  it('downloads the published version, says what it verified, and writes it', async () => {
    const run = await visitor.run('download', did, '--store', s.store);

    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Downloaded hello-app 0.1.0 (${did}) from ${s.store}`);
    expect(run.stdout).toContain(
      `sha512:    ${integrityOf(published)} (matches Repr-Digest and X-Bazaar-Integrity)`,
    );
    expect(run.stdout).toContain(
      `signature: Ed25519 by ${did} over manifest.json, valid (matches X-Bazaar-Signature)`,
    );
    expect(run.stdout).toContain('files:     2 files, each matching its sha256 in the manifest');
    expect(run.stdout).toMatch(/^Saved hello-app-0\.1\.0\.tgz \(\d+ bytes\)$/m);
    expect((await readFile(join(visitor.cwd, 'hello-app-0.1.0.tgz'))).equals(published)).toBe(true);
    expect(await visitorFiles()).toEqual(['hello-app-0.1.0.tgz']);
  });

  it('writes to the file or folder --out names, and takes --version', async () => {
    await mkdir(join(visitor.cwd, 'vendor'));
    const intoFolder = await visitor.run(
      'download',
      did,
      '--version',
      '0.1.0',
      '--out',
      'vendor',
      '--store',
      s.store,
    );
    expect(intoFolder.code, intoFolder.stderr).toBe(0);
    expect(await visitorFiles(join(visitor.cwd, 'vendor'))).toEqual(['hello-app-0.1.0.tgz']);

    const asFile = await visitor.run('download', did, '--out', 'vendor/hello.tgz', '--store', s.store);
    expect(asFile.code, asFile.stderr).toBe(0);
    expect(asFile.stdout).toContain('Saved vendor/hello.tgz');
    expect((await readFile(join(visitor.cwd, 'vendor', 'hello.tgz'))).equals(published)).toBe(true);

    const nowhere = await visitor.run('download', did, '--out', 'missing/hello.tgz', '--store', s.store);
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toContain('Error [OUT_FOLDER_NOT_FOUND]');
    const badVersion = await visitor.run('download', did, '--version', 'latest', '--store', s.store);
    expect(badVersion.code).toBe(2);
    expect(badVersion.stderr).toContain('Error [VERSION_INVALID]');
  });

  it('refuses a bundle forged on the way with headers to match it, and writes nothing', async () => {
    const other = generateAppKey();
    const otherFolder = join(visitor.cwd, 'other-app');
    await mkdir(otherFolder);
    await writeFile(join(otherFolder, 'index.js'), 'console.log("other");\n');
    const otherBundle = await createBundle({
      folder: otherFolder,
      manifest: { name: 'hello-app', title: 'Hello', version: '0.1.0', description: 'Not the app asked for' },
      secretKey: other.secretKey,
      outFile: join(visitor.cwd, 'other.tgz'),
    });
    const otherBytes = await readFile(otherBundle.file);
    const forgeries: [string, (bytes: Buffer) => Buffer, (() => string) | undefined, string][] = [
      [
        'a file changed',
        (bytes) => swapInBundle(bytes, 'console.log("hello")', 'console.log("HELLO")'),
        undefined,
        'BUNDLE_FILE_MISMATCH',
      ],
      [
        'the manifest changed',
        (bytes) => swapInBundle(bytes, '"title":"Hello"', '"title":"Hullo"'),
        undefined,
        'BUNDLE_SIGNATURE_INVALID',
      ],
      [
        "another app's bundle and signature",
        () => otherBytes,
        () => formatBundleSignature(otherBundle.manifest.signature),
        'DOWNLOAD_APP_MISMATCH',
      ],
    ];
    const folder = join(visitor.cwd, 'forged');
    await mkdir(folder);
    for (const [what, forge, signatureOf, code] of forgeries) {
      const proxy = await startForgingProxy(s.store, forge, signatureOf);
      try {
        const run = await visitor.run('download', did, '--out', 'forged', '--store', proxy.url);
        expect(run.code, what).toBe(1);
        expect(run.stderr, what).toContain(`Error [${code}]`);
        expect(run.stderr, what).toContain('nothing was written');
        expect(await visitorFiles(folder), what).toEqual([]);
      } finally {
        await proxy.close();
      }
    }
  });

  it("gets an unpublished version with its developer's token only, and says why not otherwise", async () => {
    const project = JSON.parse(await readFile(join(developer.cwd, 'bazaar.json'), 'utf8'));
    await writeFile(join(developer.cwd, 'bazaar.json'), JSON.stringify({ ...project, version: '0.2.0' }));
    expect((await developer.run('upload')).code).toBe(0);

    const guest = await visitor.run('download', did, '--version', '0.2.0', '--store', s.store);
    expect(guest.code).toBe(1);
    expect(guest.stderr).toContain('Error [NOT_FOUND]');

    const own = await developer.run('download', did, '--version', '0.2.0', '--out', '.bazaar');
    expect(own.code, own.stderr).toBe(0);
    expect(own.stdout).toContain(`Downloaded hello-app 0.2.0 (${did})`);
    expect(
      (await readFile(join(developer.cwd, '.bazaar', 'hello-app-0.2.0.tgz'))).equals(
        await readFile(join(developer.cwd, '.bazaar', 'release', 'hello-app-0.2.0.tgz')),
      ),
    ).toBe(true);

    const unknown = await visitor.run('download', generateAppKey().did, '--store', s.store);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Error [NOT_FOUND]');
  });
  it("downloads a paid app with its buyer's licence (--licence or BAZAAR_LICENCE), and says a licence is needed without one", async () => {
    const project = JSON.parse(await readFile(join(developer.cwd, 'bazaar.json'), 'utf8'));
    await writeFile(
      join(developer.cwd, 'bazaar.json'),
      JSON.stringify({ ...project, version: '0.3.0', price: { amount: '2.50', currency: 'USD' } }),
    );
    expect((await developer.run('upload')).code).toBe(0);
    const version = `/developer/apps/${did}/versions/0.3.0`;
    const review = `/console/apps/${did}/review`;
    for (const [path, cookie, body] of [
      [version, s.developerCookie, { action: 'requestReview' }],
      [review, s.ownerCookie, { action: 'start', version: '0.3.0' }],
      [review, s.ownerCookie, { action: 'approve', version: '0.3.0', category: 'productivity' }],
      [version, s.developerCookie, { action: 'publish' }],
    ] as const) {
      const response = await s.call('PUT', path, cookie, body);
      expect(response.statusCode, response.body).toBe(200);
    }
    const unlicensed = await visitor.run('download', did, '--store', s.store);
    expect(unlicensed.code).toBe(1);
    expect(unlicensed.stderr).toContain('Error [LICENCE_REQUIRED]');

    // The member buys it through the kit's checkout, as the app's page does.
    const opened = await s.call('POST', `/apps/${did}/purchase`, s.memberCookie);
    const { paymentLinkId } = opened.json() as { paymentLinkId: string };
    const session = await startTestCheckout(s.platform.app, paymentLinkId, s.memberCookie);
    await payTestCheckout(s.platform.app, session, {
      cookie: s.memberCookie,
      email: 'member@example.com',
      name: 'Mel',
    });
    // The kit hands the completed checkout to the Store from a sender that polls each second.
    const licence = await vi.waitFor(
      async () => {
        const state = await s.call('GET', `/apps/${did}/purchase`, s.memberCookie);
        const token = (state.json() as { licence: { token: string } | null }).licence?.token;
        if (!token) throw new Error('No licence yet');
        return token;
      },
      { timeout: 10_000, interval: 100 },
    );

    const given = await visitor.run(
      'download',
      did,
      '--licence',
      licence,
      '--out',
      'bought.tgz',
      '--store',
      s.store,
    );
    expect(given.code, given.stderr).toBe(0);
    expect(given.stdout).toContain(`Downloaded hello-app 0.3.0 (${did})`);
    visitor.env.BAZAAR_LICENCE = licence;
    try {
      const fromEnvironment = await visitor.run('download', did, '--out', 'again.tgz', '--store', s.store);
      expect(fromEnvironment.code, fromEnvironment.stderr).toBe(0);
    } finally {
      delete visitor.env.BAZAAR_LICENCE;
    }
  });
});
