import { manifestSignatureSchema, readBundle, verifyManifestSignature } from '@bazaar/bundle';
import { BUNDLE_HEADERS, integrityOfReprDigest, parseBundleSignature } from '@bazaar/schemas';
import { oneCharacterOff, TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { createHash } from 'node:crypto';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noise, openBundleWorkshop, type TestBundle } from '../../test-utils/app-bundles.ts';
import { bearer, createAccessToken, publishThroughReview, uploadForm } from '../../test-utils/app-uploads.ts';
import { rollUpDownloads } from './service.ts';
import {
  API,
  codeOf,
  makeUser,
  openStoreTestApp,
  TEST_USER_HEADER,
  USERS,
  type Caller,
  type StoreTestApp,
} from '../../test-utils/store-test-app.ts';

const DAY = 24 * 60 * 60;
const MIB = 1024 * 1024;
/** `TEST_NOW`'s UTC day. */
const TODAY = '2027-01-15';
const sha512 = (bytes: Buffer) => `sha512-${createHash('sha512').update(bytes).digest('base64')}`;

interface Download {
  caller?: Caller;
  method?: 'GET' | 'HEAD';
  address?: string;
  userAgent?: string;
  headers?: Record<string, string>;
}

describe.each(TEST_DIALECTS)('bundle downloads on %s', (dialect) => {
  let t: StoreTestApp;
  let workshop: Awaited<ReturnType<typeof openBundleWorkshop>>;
  let token: string;
  let first: TestBundle;
  let did: string;

  beforeEach(async () => {
    t = await openStoreTestApp(dialect);
    workshop = await openBundleWorkshop();
    token = await createAccessToken(t);
    first = await workshop.make({ files: { 'index.js': 'console.log("hello")\n', 'lib/a.js': 'a\n' } });
    did = first.key.did;
  });
  afterEach(async () => {
    await t.close();
    await workshop.remove();
  });

  async function upload(bundle: TestBundle) {
    const response = await uploadForm(t, token, bundle.bytes);
    expect(response.statusCode, response.body).toBe(201);
  }
  /** Uploads `version` of the app (1.0.0: `first`) and publishes it through review. */
  async function publish(version = '1.0.0'): Promise<TestBundle> {
    const bundle = version === '1.0.0' ? first : await workshop.make({ key: first.key, version });
    await upload(bundle);
    await publishThroughReview(t, did, version);
    return bundle;
  }

  /** A request under /api as a browser sends it: from an address, with a user agent, maybe signed in. */
  function fetchPath(path: string, options: Download = {}) {
    const user = typeof options.caller === 'string' ? USERS[options.caller] : (options.caller ?? null);
    return t.app.inject({
      method: options.method ?? 'GET',
      url: `${API}${path}`,
      remoteAddress: options.address ?? '203.0.113.7',
      headers: {
        'user-agent': options.userAgent ?? 'Mozilla/5.0 (test)',
        ...(user ? { [TEST_USER_HEADER]: JSON.stringify(user) } : {}),
        ...options.headers,
      },
    });
  }
  const bundlePath = (version?: string) =>
    version === undefined ? `/apps/${did}/bundle` : `/apps/${did}/versions/${version}/bundle`;

  // What is counted reaches the day's count and the app's total when rolled up (each second in a
  // running Store); the tests roll up before they read.
  async function totalDownloads(): Promise<number> {
    await rollUpDownloads(t.deps);
    const row = await t.db
      .selectFrom('store_apps')
      .select('downloads')
      .where('did', '=', did)
      .executeTakeFirstOrThrow();
    return Number(row.downloads);
  }
  async function series(query = '', caller: Caller = null) {
    await rollUpDownloads(t.deps);
    const response = await fetchPath(`/apps/${did}/downloads${query}`, { caller });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { total: number; lastDays: number; days: { day: string; count: number }[] };
  }

  it('streams the stored bundle with headers that verify it: digest, integrity and signature', async () => {
    await publish();
    const stored = await readFile(join(t.bundlesDir, `apps/${did}/1.0.0/hello-app-1.0.0.tgz`));

    const response = await fetchPath(bundlePath());

    expect(response.statusCode, response.body).toBe(200);
    const bytes = response.rawPayload;
    expect(bytes.equals(stored)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/gzip',
      'content-length': String(stored.length),
      'content-disposition': 'attachment; filename="hello-app-1.0.0.tgz"',
      'cache-control': 'private',
      etag: `"${first.integrity}"`,
      [BUNDLE_HEADERS.version]: '1.0.0',
    });
    expect(integrityOfReprDigest(response.headers[BUNDLE_HEADERS.reprDigest] as string)).toBe(sha512(bytes));
    expect(response.headers[BUNDLE_HEADERS.integrity]).toBe(sha512(bytes));

    // The signature header is the manifest's own, and verifies against the manifest in the tarball.
    const { manifest } = await readBundle(bytes, { maxBytes: bytes.length });
    const header = parseBundleSignature(response.headers[BUNDLE_HEADERS.signature] as string);
    expect(header).toEqual({ alg: 'Ed25519', signer: did, value: manifest.signature.value });
    const signature = manifestSignatureSchema.parse(header);
    expect(verifyManifestSignature({ ...manifest, signature })).toBe(true);
    expect(verifyManifestSignature({ ...manifest, title: 'Not what was signed', signature })).toBe(false);

    const named = await fetchPath(bundlePath('1.0.0'));
    expect(named.statusCode).toBe(200);
    expect(named.rawPayload.equals(stored)).toBe(true);
    expect(await totalDownloads()).toBe(1);
  });

  it('never serves a bundle altered in storage: it serves the uploaded bytes it checked, or nothing', async () => {
    await publish();
    const file = join(t.bundlesDir, `apps/${did}/1.0.0/hello-app-1.0.0.tgz`);
    const stored = await readFile(file);
    const altered = Buffer.from(stored);
    altered[altered.length - 20] = altered[altered.length - 20]! ^ 0xff;
    await writeFile(file, altered);
    const refused = await fetchPath(bundlePath());
    expect(refused.statusCode).toBe(500);
    expect(refused.rawPayload.includes(altered)).toBe(false);

    await writeFile(file, stored);
    expect((await fetchPath(bundlePath())).rawPayload.equals(stored)).toBe(true);
    // Once checked, the bundle is served as it was checked, whatever storage holds since.
    await writeFile(file, altered);
    expect((await fetchPath(bundlePath())).rawPayload.equals(stored)).toBe(true);
  });

  it('answers HEAD and a matching If-None-Match with the headers only, counting neither', async () => {
    await publish();
    const head = await fetchPath(bundlePath(), { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers).toMatchObject({
      'content-length': String(first.bytes.length),
      [BUNDLE_HEADERS.integrity]: first.integrity,
      etag: `"${first.integrity}"`,
    });
    expect(parseBundleSignature(head.headers[BUNDLE_HEADERS.signature] as string)?.signer).toBe(did);

    const cached = await fetchPath(bundlePath(), {
      headers: { 'if-none-match': `W/"x", "${first.integrity}"` },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    const cachedHead = await fetchPath(bundlePath(), { method: 'HEAD', headers: { 'if-none-match': '*' } });
    expect(cachedHead.statusCode).toBe(304);
    const changed = await fetchPath(bundlePath(), {
      method: 'HEAD',
      headers: { 'if-none-match': '"other"' },
    });
    expect(changed.statusCode).toBe(200);

    expect(await totalDownloads()).toBe(0);
    expect((await series('?days=1')).days).toEqual([{ day: TODAY, count: 0 }]);
  });

  it('lets a blocked, private or unpublished app be downloaded by its owner and admins only', async () => {
    const stranger = makeUser('stranger', 'member');
    const callers: [string, Caller][] = [
      ['guest', null],
      ['another user', stranger],
      ['owner', 'developer'],
      ['admin', 'admin'],
      ['platform owner', 'owner'],
    ];
    const statuses = async (path: string) => {
      const answers: string[] = [];
      for (const [name, caller] of callers) {
        const response = await fetchPath(path, { caller, method: 'HEAD' });
        const get = response.statusCode === 200 ? null : await fetchPath(path, { caller });
        answers.push(`${name} ${response.statusCode}${get ? ` ${codeOf(get)}` : ''}`);
      }
      return answers;
    };
    const onlyManagers = (refusal: string) => [
      `guest ${refusal}`,
      `another user ${refusal}`,
      'owner 200',
      'admin 200',
      'platform owner 200',
    ];

    // Uploaded, never published: managers get the upload (to review it), others nothing.
    await upload(first);
    expect(await statuses(bundlePath())).toEqual(onlyManagers('404 NOT_FOUND'));
    expect(await statuses(bundlePath('1.0.0'))).toEqual(onlyManagers('404 NOT_FOUND'));

    await publishThroughReview(t, did, '1.0.0');
    const everyone = ['guest 200', 'another user 200', 'owner 200', 'admin 200', 'platform owner 200'];
    expect(await statuses(bundlePath())).toEqual(everyone);
    // A newer upload waits for review: only managers see it; an unknown version nobody.
    await upload(await workshop.make({ key: first.key, version: '1.1.0' }));
    expect(await statuses(bundlePath('1.1.0'))).toEqual(onlyManagers('404 NOT_FOUND'));
    expect(await statuses(bundlePath('9.9.9'))).toEqual(callers.map(([name]) => `${name} 404 NOT_FOUND`));
    const current = await fetchPath(bundlePath(), { method: 'HEAD' });
    expect(current.headers[BUNDLE_HEADERS.version]).toBe('1.0.0');

    const toPrivate = await t.call('developer', 'PUT', `/developer/apps/${did}`, { visibility: 'private' });
    expect(toPrivate.statusCode, toPrivate.body).toBe(200);
    expect(await statuses(bundlePath())).toEqual(onlyManagers('404 NOT_FOUND'));
    expect(await statuses(bundlePath('1.0.0'))).toEqual(onlyManagers('404 NOT_FOUND'));
    await t.call('developer', 'PUT', `/developer/apps/${did}`, { visibility: 'public' });

    const blocked = await t.call('admin', 'PUT', `/console/apps/${did}/block`, { reason: 'Malware' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await statuses(bundlePath())).toEqual(onlyManagers('403 APP_BLOCKED'));
    expect(await statuses(bundlePath('1.0.0'))).toEqual(onlyManagers('403 APP_BLOCKED'));
    const refusal = await fetchPath(bundlePath());
    expect(refusal.json().error.message).toMatch(/blocked by store admin/);
    expect((await fetchPath(`/apps/${did}/downloads`)).statusCode).toBe(403);

    const unknown = await fetchPath(`/apps/${(await workshop.make()).key.did}/bundle`, { caller: 'admin' });
    expect(unknown.statusCode).toBe(404);
    // Refusals and managers' looks at a blocked app or an unreviewed upload count nothing.
    await fetchPath(bundlePath('1.1.0'), { caller: 'developer' });
    expect(await totalDownloads()).toBe(0);
  });

  it('counts 50 distinct clients downloading at once exactly 50 times', async () => {
    await publish();

    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        fetchPath(
          bundlePath(),
          index % 2 === 0
            ? { address: `198.51.100.${index}` }
            : { caller: makeUser(`visitor${index}`, 'member'), address: '198.51.100.200' },
        ),
      ),
    );

    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(responses.every((response) => response.rawPayload.equals(first.bytes))).toBe(true);
    expect(await totalDownloads()).toBe(50);
    expect(await series('?days=1')).toEqual({ total: 50, lastDays: 50, days: [{ day: TODAY, count: 50 }] });
  });

  it('counts a client once per version per UTC day, and not its address', async () => {
    await publish();
    const again = async (times: number, options: Download) => {
      for (let index = 0; index < times; index += 1) {
        expect((await fetchPath(bundlePath(), options)).statusCode).toBe(200);
      }
    };

    await again(5, {});
    expect(await totalDownloads()).toBe(1);
    await Promise.all(Array.from({ length: 5 }, () => fetchPath(bundlePath())));
    expect(await totalDownloads()).toBe(1);
    // Another browser behind the same address is another client; a signed-in user is one client anywhere.
    await again(2, { userAgent: 'curl/8.5.0' });
    await again(1, { caller: 'member', address: '192.0.2.1' });
    await again(1, { caller: 'member', address: '192.0.2.2' });
    expect(await totalDownloads()).toBe(3);
    const keys = await t.db.selectFrom('store_download_clients').select('client_key').execute();
    expect(keys.map((row) => row.client_key)).toContain(USERS.member.did);
    expect(keys.map((row) => row.client_key).join()).not.toMatch(/203\.0\.113\.7|Mozilla/);

    t.clock.advance(DAY);
    await again(3, {});
    expect(await totalDownloads()).toBe(4);
    expect((await series('?days=2')).days).toEqual([
      { day: TODAY, count: 3 },
      { day: '2027-01-16', count: 1 },
    ]);
  });

  it('answers the series zero-filled, oldest first, every version summed', async () => {
    await publish();
    await fetchPath(bundlePath(), { address: '192.0.2.1' });
    t.clock.advance(2 * DAY);
    await publish('1.1.0');
    await fetchPath(bundlePath('1.0.0'), { address: '192.0.2.1' });
    await fetchPath(bundlePath('1.1.0'), { address: '192.0.2.1' });
    await fetchPath(bundlePath(), { address: '192.0.2.2' });

    expect(await series('?days=4')).toEqual({
      total: 4,
      lastDays: 4,
      days: [
        { day: '2027-01-14', count: 0 },
        { day: TODAY, count: 1 },
        { day: '2027-01-16', count: 0 },
        { day: '2027-01-17', count: 3 },
      ],
    });
    const month = await series();
    expect(month.days).toHaveLength(30);
    expect(month.days[0]!.day).toBe('2026-12-19');
    expect(month.days.at(-1)).toEqual({ day: '2027-01-17', count: 3 });
    expect(month).toMatchObject({ total: 4, lastDays: 4 });
    expect(await series('?days=1')).toMatchObject({ total: 4, lastDays: 3 });
    expect((await series('?days=365')).days).toHaveLength(365);
    for (const days of ['0', '366', 'x']) {
      const refused = await fetchPath(`/apps/${did}/downloads?days=${days}`);
      expect(refused.statusCode).toBe(400);
      expect(codeOf(refused)).toBe('VALIDATION_FAILED');
    }

    await t.call('developer', 'PUT', `/developer/apps/${did}`, { visibility: 'private' });
    expect((await fetchPath(`/apps/${did}/downloads`)).statusCode).toBe(404);
    expect((await series('?days=1', 'developer')).total).toBe(4);
    expect((await series('?days=1', 'admin')).total).toBe(4);
  });

  it("takes the CLI's access token: its developer downloads their own upload, a bad token is refused", async () => {
    await upload(first);
    const reader = await createAccessToken(t, 'developer', ['read']);
    const uploader = await createAccessToken(t, 'developer', ['upload']);

    const own = await fetchPath(bundlePath('1.0.0'), { headers: bearer(reader) });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.rawPayload.equals(first.bytes)).toBe(true);

    const scopeless = await fetchPath(bundlePath('1.0.0'), { headers: bearer(uploader) });
    expect(codeOf(scopeless)).toBe('TOKEN_SCOPE_MISSING');
    const forged = await fetchPath(bundlePath('1.0.0'), { headers: bearer(oneCharacterOff(reader)) });
    expect(codeOf(forged)).toBe('TOKEN_INVALID');
    // A token speaks for its developer only: a guest with none sees nothing unpublished.
    expect((await fetchPath(bundlePath('1.0.0'))).statusCode).toBe(404);
  });

  it('counts a download once its last byte is sent, not when the client hangs up before', async () => {
    // Larger than the loopback socket's buffers, so the Store is still sending when the client goes.
    const large = await workshop.make({
      key: first.key,
      version: '2.0.0',
      files: { 'data.bin': noise(12 * MIB) },
    });
    await upload(large);
    await publishThroughReview(t, did, '2.0.0');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;

    const received = await new Promise<number>((resolve, reject) => {
      const request = httpGet(`http://127.0.0.1:${port}${API}${bundlePath()}`, (response) => {
        response.once('data', (chunk: Buffer) => {
          request.destroy();
          resolve(chunk.length);
        });
      });
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    expect(received).toBeLessThan(large.bytes.length);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await totalDownloads()).toBe(0);

    const whole = await fetch(`http://127.0.0.1:${port}${API}${bundlePath()}`);
    expect(Buffer.from(await whole.arrayBuffer()).equals(large.bytes)).toBe(true);
    // The client has every byte (Content-Length says so) a moment before the count commits and the response ends.
    await expect.poll(totalDownloads).toBe(1);
  }, 60_000);
});
