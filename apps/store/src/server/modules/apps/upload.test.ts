import { generateAppKey } from '@bazaar/bundle';
import { oneCharacterOff, TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { copyFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  flipByte,
  listFiles,
  noise,
  openBundleWorkshop,
  resignWithOtherKey,
  rewriteBundle,
  type TestBundle,
} from '../../test-utils/app-bundles.ts';
import {
  countAppRows,
  createAccessToken,
  registerRival,
  RIVAL,
  uploadForm,
} from '../../test-utils/app-uploads.ts';
import { codeOf, openStoreTestApp, USERS, type StoreTestApp } from '../../test-utils/store-test-app.ts';
import { uploadBundle } from './upload.ts';

const DAY = 24 * 60 * 60;

describe.each(TEST_DIALECTS)('app uploads on %s', (dialect) => {
  let t: StoreTestApp;
  let workshop: Awaited<ReturnType<typeof openBundleWorkshop>>;
  let token: string;

  beforeEach(async () => {
    t = await openStoreTestApp(dialect);
    workshop = await openBundleWorkshop();
    token = await createAccessToken(t);
  });
  afterEach(async () => {
    await t.close();
    await workshop.remove();
  });

  const upload = (bytes: Buffer, withToken: string | null = token) => uploadForm(t, withToken, bytes);

  async function uploaded(bytes: Buffer, withToken = token) {
    const response = await upload(bytes, withToken);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  /** Runs `act`, expects the refusal, and checks that no row and no stored bundle was added. */
  async function expectRefusedWithoutWrites(
    act: () => Promise<LightMyRequestResponse>,
    status: number,
    code: string | string[],
  ) {
    const rowsBefore = await countAppRows(t);
    const filesBefore = await listFiles(t.bundlesDir);
    const response = await act();
    expect(response.statusCode, response.body).toBe(status);
    if (Array.isArray(code)) expect(code).toContain(codeOf(response));
    else expect(codeOf(response), response.body).toBe(code);
    expect(await countAppRows(t)).toEqual(rowsBefore);
    expect(await listFiles(t.bundlesDir)).toEqual(filesBefore);
    return response;
  }

  it('stores a verified bundle as a draft bound to the developer, and answers 201', async () => {
    const bundle = await workshop.make();
    const did = bundle.key.did;
    const body = await uploaded(bundle.bytes);
    expect(body).toEqual({
      app: expect.objectContaining({
        did,
        name: 'hello-app',
        title: 'Hello App',
        ownerDid: USERS.developer.did,
        visibility: 'public',
        autoPublish: false,
        reviewType: 'each',
        category: null,
        isBlocked: false,
        currentVersion: null,
        latestVersion: '1.0.0',
      }),
      version: expect.objectContaining({
        appDid: did,
        version: '1.0.0',
        status: 'draft',
        integrity: bundle.integrity,
        size: bundle.bytes.length,
        fileCount: 2,
        publishedAt: null,
      }),
      published: false,
    });
    expect(body.version.manifest).toMatchObject({ did, name: 'hello-app', signature: expect.any(Object) });
    expect(body.version.manifest.files).toBeUndefined();

    const key = `apps/${did}/1.0.0/hello-app-1.0.0.tgz`;
    expect(await listFiles(t.bundlesDir)).toEqual([key]);
    expect((await readFile(join(t.bundlesDir, key))).equals(bundle.bytes)).toBe(true);
    const history = await t.db.selectFrom('store_app_version_history').selectAll().execute();
    expect(history).toEqual([
      expect.objectContaining({
        app_did: did,
        version: '1.0.0',
        from_status: null,
        to_status: 'draft',
        actor_did: USERS.developer.did,
        actor_kind: 'developer',
      }),
    ]);

    const next = await uploaded(
      (await workshop.make({ key: bundle.key, version: '1.1.0', title: 'Hello 2' })).bytes,
    );
    expect(next.app).toMatchObject({ latestVersion: '1.1.0', title: 'Hello 2', currentVersion: null });
    expect(await listFiles(t.bundlesDir)).toHaveLength(2);
  });

  it('refuses an upload without a usable access token before reading the bundle', async () => {
    const bundle = await workshop.make();
    const readOnly = await createAccessToken(t, 'developer', ['read', 'publish']);
    const shortLived = await createAccessToken(t, 'developer', ['upload'], 1);
    t.clock.advance(DAY);
    await expectRefusedWithoutWrites(() => upload(bundle.bytes, null), 401, 'UNAUTHENTICATED');
    // A session is not enough: uploads take a token.
    await expectRefusedWithoutWrites(
      () => t.call('admin', 'POST', '/apps/upload', { bundle: 'x' }),
      401,
      'UNAUTHENTICATED',
    );
    await expectRefusedWithoutWrites(() => upload(bundle.bytes, readOnly), 403, 'TOKEN_SCOPE_MISSING');
    await expectRefusedWithoutWrites(() => upload(bundle.bytes, shortLived), 401, 'TOKEN_EXPIRED');
    await expectRefusedWithoutWrites(
      () => upload(bundle.bytes, oneCharacterOff(token)),
      401,
      'TOKEN_INVALID',
    );

    await t.call('admin', 'PUT', `/console/developers/${USERS.developer.did}`, {
      status: 'revoked',
      reason: 'Spam',
    });
    await expectRefusedWithoutWrites(() => upload(bundle.bytes), 403, 'DEVELOPER_REVOKED');
  });

  it('refuses a tampered bundle with its own code and keeps nothing of it', async () => {
    const bundle = await workshop.make({ files: { 'index.js': 'console.log("hello")\n'.repeat(50) } });
    const otherKey = generateAppKey();
    const cases: Array<[string, Buffer, string | string[]]> = [
      // The gzip trailer's CRC: the bytes inflate, but are not the ones that were packed.
      ['a byte of the checksum flipped', flipByte(bundle.bytes, -6), 'BUNDLE_CORRUPT'],
      // Inside the compressed data: whichever check meets the damage first refuses it.
      [
        'a byte in the middle flipped',
        flipByte(bundle.bytes, Math.floor(bundle.bytes.length / 2)),
        ['BUNDLE_CORRUPT', 'BUNDLE_FILE_MISMATCH', 'BUNDLE_MANIFEST_INVALID', 'BUNDLE_PATH_UNSAFE'],
      ],
      ['not a gzip at all', Buffer.from('hello, store'), 'BUNDLE_CORRUPT'],
      ['cut short', bundle.bytes.subarray(0, bundle.bytes.length - 20), 'BUNDLE_CORRUPT'],
      [
        'a file changed after signing',
        await rewriteBundle(bundle.bytes, (entries) =>
          entries.map((entry) =>
            entry.name === 'package/index.js' ? { ...entry, body: Buffer.from('steal(secrets)\n') } : entry,
          ),
        ),
        'BUNDLE_FILE_MISMATCH',
      ],
      [
        'a file added after signing',
        await rewriteBundle(bundle.bytes, (entries) => [
          ...entries,
          { name: 'package/extra.js', body: Buffer.from('1') },
        ]),
        'BUNDLE_FILE_MISMATCH',
      ],
      [
        'signed by another key than its DID',
        await resignWithOtherKey(bundle, otherKey),
        'BUNDLE_SIGNATURE_INVALID',
      ],
      [
        'an entry climbing out of the folder',
        await rewriteBundle(bundle.bytes, (entries) => [
          ...entries,
          { name: 'package/../../etc/cron.d/evil', body: Buffer.from('* * * * * root sh') },
        ]),
        'BUNDLE_PATH_UNSAFE',
      ],
      [
        'an absolute entry',
        await rewriteBundle(bundle.bytes, (entries) => [
          ...entries,
          { name: '/etc/passwd', body: Buffer.from('x') },
        ]),
        'BUNDLE_PATH_UNSAFE',
      ],
      [
        'a symlink entry',
        await rewriteBundle(bundle.bytes, (entries) => [
          ...entries,
          { name: 'package/link', type: 'symlink', linkname: '/etc/passwd' },
        ]),
        'BUNDLE_LINK',
      ],
      [
        'a hard link entry',
        await rewriteBundle(bundle.bytes, (entries) => [
          ...entries,
          { name: 'package/hard', type: 'link', linkname: 'package/index.js' },
        ]),
        'BUNDLE_LINK',
      ],
      [
        'no manifest first',
        await rewriteBundle(bundle.bytes, (entries) => [...entries.slice(1), entries[0]!]),
        'BUNDLE_MANIFEST_INVALID',
      ],
    ];
    for (const [label, bytes, code] of cases) {
      const response = await expectRefusedWithoutWrites(() => upload(bytes), 400, code);
      expect(response.json().error.message, label).toBeTruthy();
    }
    // The untouched bundle is accepted.
    await uploaded(bundle.bytes);
  });

  it("refuses a bundle over the Store's size limit with 413, stopping at the limit", async () => {
    await t.call('admin', 'PUT', '/console/settings', { maxBundleSizeMb: 1 });
    const big = await workshop.make({ files: { 'data.bin': noise(1_200_000) } });
    expect(big.bytes.length).toBeGreaterThan(1024 * 1024);
    const response = await expectRefusedWithoutWrites(() => upload(big.bytes), 413, 'BUNDLE_TOO_LARGE');
    expect(response.json().error.message).toContain(String(1024 * 1024));
    const small = await workshop.make({ files: { 'data.bin': noise(500_000) } });
    await uploaded(small.bytes);
  });

  it('takes exactly one file field named bundle', async () => {
    const bundle = await workshop.make();
    const file = { name: 'bundle', filename: 'app.tgz', content: bundle.bytes };
    const forms = [
      [file, { ...file, filename: 'again.tgz' }],
      [file, { name: 'other', filename: 'x.tgz', content: bundle.bytes }],
      [{ name: 'note', content: 'hello' }, file],
      [file, { name: 'note', content: 'hello' }],
      [{ ...file, name: 'tarball' }],
      [{ name: 'bundle', content: 'not a file' }],
      [],
    ];
    for (const parts of forms) {
      const response = await expectRefusedWithoutWrites(
        () => uploadForm(t, token, parts),
        400,
        'VALIDATION_FAILED',
      );
      expect(response.json().error.details, JSON.stringify(parts.map((part) => part.name))).toEqual([
        expect.objectContaining({ path: 'bundle' }),
      ]);
    }
    await expectRefusedWithoutWrites(
      () =>
        t.call(
          null,
          'POST',
          '/apps/upload',
          { bundle: bundle.bytes.toString('base64') },
          { authorization: `Bearer ${token}` },
        ),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('binds an app to the developer of its first upload, and a name to one app', async () => {
    await registerRival(t);
    const rivalToken = await createAccessToken(t, RIVAL);
    const bundle = await workshop.make({ name: 'Hello-App' });
    await uploaded(bundle.bytes);

    // Even holding the app's key, another developer cannot add versions to it.
    const takeover = await workshop.make({ key: bundle.key, name: 'Hello-App', version: '2.0.0' });
    await expectRefusedWithoutWrites(() => upload(takeover.bytes, rivalToken), 403, 'APP_NOT_OWNED');
    for (const [who, name] of [
      [rivalToken, 'hello-app'],
      [token, 'HELLO-APP'],
    ] as const) {
      const sameName = await workshop.make({ name });
      const response = await expectRefusedWithoutWrites(
        () => upload(sameName.bytes, who),
        409,
        'APP_NAME_TAKEN',
      );
      expect(response.json().error.details).toEqual([
        { path: 'manifest.name', message: `${name} is existed` },
      ]);
    }
    const renamed = await workshop.make({ key: bundle.key, name: 'Hello-There', version: '1.1.0' });
    expect((await uploaded(renamed.bytes)).app.name).toBe('Hello-There');
    // The old name is free again.
    await uploaded((await workshop.make({ name: 'hello-app' })).bytes, rivalToken);
  });

  it('takes only a version greater than the latest upload', async () => {
    const first = await workshop.make({ version: '1.1.0' });
    await uploaded(first.bytes);
    for (const version of ['1.1.0', '1.0.0', '1.1.0-beta.1', '0.9.9']) {
      const bundle = await workshop.make({ key: first.key, version });
      await expectRefusedWithoutWrites(() => upload(bundle.bytes), 409, 'VERSION_NOT_GREATER');
    }
    await uploaded((await workshop.make({ key: first.key, version: '1.2.0-beta.1' })).bytes);
    await uploaded((await workshop.make({ key: first.key, version: '1.2.0' })).bytes);
  });

  it("refuses a blocked app's new versions until it is unblocked", async () => {
    const first = await workshop.make();
    await uploaded(first.bytes);
    const next = await workshop.make({ key: first.key, version: '1.0.1' });
    const blocked = await t.call('admin', 'PUT', `/console/apps/${first.key.did}/block`, {
      reason: 'Malware',
    });
    expect(blocked.json()).toMatchObject({
      isBlocked: true,
      blockedReason: 'Malware',
      blockedAt: expect.any(Number),
    });
    const refused = await expectRefusedWithoutWrites(() => upload(next.bytes), 403, 'APP_BLOCKED');
    expect(refused.json().error.message).toBe('This app has been blocked by store admin');
    await t.call('admin', 'PUT', `/console/apps/${first.key.did}/unblock`);
    await uploaded(next.bytes);
  });

  it('refuses a new version while a review the app needs is open', async () => {
    const first = await workshop.make();
    const did = first.key.did;
    await uploaded(first.bytes);
    const next = await workshop.make({ key: first.key, version: '1.0.1' });
    const developerAct = (action: string) =>
      t.call('developer', 'PUT', `/developer/apps/${did}/versions/1.0.0`, { action });
    expect((await developerAct('requestReview')).statusCode).toBe(200);
    await expectRefusedWithoutWrites(() => upload(next.bytes), 409, 'APP_IN_REVIEW');
    await t.call('admin', 'PUT', `/console/apps/${did}/review`, { version: '1.0.0', action: 'start' });
    await expectRefusedWithoutWrites(() => upload(next.bytes), 409, 'APP_IN_REVIEW');
    await t.call('admin', 'PUT', `/console/apps/${did}/review`, {
      version: '1.0.0',
      action: 'approve',
      category: 'payments',
    });
    await expectRefusedWithoutWrites(() => upload(next.bytes), 409, 'APP_IN_REVIEW');
    expect((await developerAct('cancelReview')).statusCode).toBe(200);
    await uploaded(next.bytes);
  });

  it('deletes the stored bundle again when writing the rows fails', async () => {
    const bundle = await workshop.make({ name: 'contested' });
    const source = await workshop.save('contested.tgz', bundle.bytes);
    // Another app takes the name after the checks but before the rows are written.
    const storage = {
      ...t.deps.storage,
      put: async (...args: Parameters<typeof t.deps.storage.put>) => {
        const stored = await t.deps.storage.put(...args);
        await t.db
          .insertInto('store_apps')
          .values({
            did: 'did:key:z6MkOther',
            name: 'CONTESTED',
            owner_did: USERS.member.did,
            title: 'Other',
            description: 'Other',
            auto_publish: 0,
            review_type: 'each',
            visibility: 'public',
            created_at: 1,
            updated_at: 1,
          })
          .execute();
        return stored;
      },
    };
    await expect(
      uploadBundle(
        { ...t.deps, storage },
        {
          developerDid: USERS.developer.did,
          tokenId: 'AAAAAAAA',
          receive: (target) => copyFile(source, target),
        },
      ),
    ).rejects.toMatchObject({ code: 'APP_NAME_TAKEN' });
    expect(await listFiles(t.bundlesDir)).toEqual([]);
    expect(await countAppRows(t)).toEqual({ apps: 1, versions: 0, history: 0 });
  });

  it('lets one of two uploads of the same version win, keeping its bundle', async () => {
    const first = await workshop.make();
    await uploaded(first.bytes);
    const racers: TestBundle[] = [
      await workshop.make({ key: first.key, version: '1.1.0', title: 'Racer A' }),
      await workshop.make({ key: first.key, version: '1.1.0', title: 'Racer B' }),
    ];
    const responses = await Promise.all(racers.map((racer) => upload(racer.bytes)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const winner = responses.findIndex((response) => response.statusCode === 201);
    expect(codeOf(responses[1 - winner]!)).toBe('VERSION_NOT_GREATER');
    const stored = await readFile(join(t.bundlesDir, `apps/${first.key.did}/1.1.0/hello-app-1.1.0.tgz`));
    expect(stored.equals(racers[winner]!.bytes)).toBe(true);
    const row = await t.db
      .selectFrom('store_app_versions')
      .selectAll()
      .where('version', '=', '1.1.0')
      .executeTakeFirstOrThrow();
    expect(row.integrity).toBe(racers[winner]!.integrity);
  });
});
