import type { AppPage } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import type { LightMyRequestResponse } from 'fastify';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBundleWorkshop, type TestBundle } from '../../../test-utils/app-bundles.ts';
import { createAccessToken, publishThroughReview, uploadForm } from '../../../test-utils/app-uploads.ts';
import {
  codeOf,
  openStoreTestApp,
  type Caller,
  type StoreTestApp,
} from '../../../test-utils/store-test-app.ts';

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>';
const FILES = {
  'index.js': 'console.log("notes")\n',
  'README.md': '# Team Notes\n\nShared notes.\n',
  'README.zh.md': '# 团队笔记\n',
  'CHANGELOG.md': '## 1.1.0\n\n- Tags\n',
  'logo.svg': LOGO,
  'shots/one.png': Buffer.from('89504e470d0a1a0a', 'hex'),
};

function ok(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe.each(TEST_DIALECTS)("an app's page on %s", (dialect) => {
  let t: StoreTestApp;
  let workshop: Awaited<ReturnType<typeof openBundleWorkshop>>;
  let token: string;
  let first: TestBundle;
  let did: string;

  async function upload(version: string): Promise<TestBundle> {
    const bundle = await workshop.make({
      key: first?.key,
      name: 'team-notes',
      title: `Team Notes ${version}`,
      version,
      files: FILES,
      manifest: {
        logo: 'logo.svg',
        screenshots: ['shots/one.png'],
        readme: { en: 'README.md', zh: 'README.zh.md' },
        changelog: 'CHANGELOG.md',
        license: 'MIT',
        keywords: ['notes', 'wiki'],
        dependencies: [{ name: 'cron-dashboard', version: '^1.0.0' }],
        price: { amount: '4.99', currency: 'USD' },
      },
    });
    const response = await uploadForm(t, token, bundle.bytes);
    expect(response.statusCode, response.body).toBe(201);
    return bundle;
  }

  const publish = (version: string) => publishThroughReview(t, did, version);

  const page = (caller: Caller, query = '') => t.call(caller, 'GET', `/apps/${did}${query}`);

  beforeEach(async () => {
    t = await openStoreTestApp(dialect);
    workshop = await openBundleWorkshop();
    token = await createAccessToken(t);
    first = undefined as unknown as TestBundle;
    first = await upload('1.0.0');
    did = first.key.did;
    await publish('1.0.0');
  });
  afterEach(async () => {
    await t.close();
    await workshop.remove();
  });

  it("shows a guest the published version as its signed manifest says, with the Store's facts", async () => {
    const answer = ok(await page(null)) as AppPage;
    const asset = (path: string) => `/api/apps/${did}/versions/1.0.0/assets/${path}`;
    expect(answer).toMatchObject({
      did,
      name: 'team-notes',
      title: 'Team Notes 1.0.0',
      version: '1.0.0',
      status: 'published',
      currentVersion: '1.0.0',
      logoUrl: asset('logo.svg'),
      screenshotUrls: [asset('shots/one.png')],
      readmeUrls: { en: asset('README.md'), zh: asset('README.zh.md') },
      changelogUrl: asset('CHANGELOG.md'),
      license: 'MIT',
      keywords: ['notes', 'wiki'],
      price: { amount: '4.99', currency: 'USD' },
      dependencies: [{ did: null, name: 'cron-dashboard', version: '^1.0.0' }],
      components: [],
      integrity: first.integrity,
      size: first.bytes.length,
      fileCount: Object.keys(FILES).length,
      ownerName: 'Developer',
      visibility: 'public',
      isBlocked: false,
      downloads: 0,
      versions: [{ version: '1.0.0', size: first.bytes.length }],
      management: null,
    });
  });

  it('lists published versions newest first and opens an older one by name', async () => {
    await upload('1.1.0');
    await publish('1.1.0');
    await upload('1.2.0-beta.1');
    const answer = ok(await page('member')) as AppPage;
    expect(answer.version).toBe('1.1.0');
    expect(answer.versions.map((version) => version.version)).toEqual(['1.1.0', '1.0.0']);
    expect((ok(await page(null, '?version=1.0.0')) as AppPage).title).toBe('Team Notes 1.0.0');
    // An upload not yet published is the developer's and the admins' alone.
    expect(codeOf(await page(null, '?version=1.2.0-beta.1'))).toBe('NOT_FOUND');
    const owner = ok(await page('developer', '?version=1.2.0-beta.1')) as AppPage;
    expect(owner).toMatchObject({ status: 'draft', currentVersion: '1.1.0' });
    expect(owner.management).toEqual({
      latestVersion: '1.2.0-beta.1',
      latestStatus: 'draft',
      blockedReason: null,
    });
  });

  it('hides a private app from all but its owner and admins, and tells of a blocked one', async () => {
    ok(await t.call('developer', 'PUT', `/developer/apps/${did}`, { visibility: 'private' }));
    for (const caller of [null, 'member'] as const) expect((await page(caller)).statusCode).toBe(404);
    expect((ok(await page('admin')) as AppPage).visibility).toBe('private');
    ok(await t.call('developer', 'PUT', `/developer/apps/${did}`, { visibility: 'public' }));

    ok(await t.call('admin', 'PUT', `/console/apps/${did}/block`, { reason: 'Phishing' }));
    const refused = await page(null);
    expect(refused.statusCode).toBe(403);
    expect(codeOf(refused)).toBe('APP_BLOCKED');
    expect(refused.json().error.message).toBe('This app has been blocked by store admin');
    const owner = ok(await page('developer')) as AppPage;
    expect(owner).toMatchObject({ isBlocked: true, management: { blockedReason: 'Phishing' } });
  });

  it('answers NOT_FOUND for an app never published or unknown', async () => {
    const unpublished = await workshop.make({ name: 'draft-only' });
    expect((await uploadForm(t, token, unpublished.bytes)).statusCode).toBe(201);
    expect(codeOf(await t.call(null, 'GET', `/apps/${unpublished.key.did}`))).toBe('NOT_FOUND');
    expect(codeOf(await t.call(null, 'GET', `/apps/did:key:z6Mk${'a'.repeat(44)}`))).toBe('NOT_FOUND');
    expect((await t.call(null, 'GET', '/apps/not-a-did')).statusCode).toBe(400);
  });

  it('serves the files the manifest names from the verified bundle, and nothing else', async () => {
    const logo = await t.call(null, 'GET', `/apps/${did}/versions/1.0.0/assets/logo.svg`);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(logo.body).toBe(LOGO);
    const readme = await t.call(null, 'GET', `/apps/${did}/versions/1.0.0/assets/README.zh.md`);
    expect(readme.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(readme.body).toBe('# 团队笔记\n');
    const shot = await t.call(null, 'GET', `/apps/${did}/versions/1.0.0/assets/shots/one.png`);
    expect(shot.rawPayload).toEqual(FILES['shots/one.png']);

    // In the bundle but not named by the manifest; not in the bundle at all; a path escape.
    for (const path of ['index.js', 'missing.png', '..%2F..%2Fmanifest.json']) {
      expect((await t.call(null, 'GET', `/apps/${did}/versions/1.0.0/assets/${path}`)).statusCode).toBe(404);
    }
  });

  it('serves nothing from a bundle altered in storage', async () => {
    const key = (await t.db.selectFrom('store_app_versions').select('storage_key').executeTakeFirstOrThrow())
      .storage_key;
    const tampered = Buffer.from(first.bytes);
    tampered[tampered.length - 20] = tampered[tampered.length - 20]! ^ 0xff;
    await writeFile(join(t.bundlesDir, key), tampered);
    const response = await t.call(null, 'GET', `/apps/${did}/versions/1.0.0/assets/logo.svg`);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.body).not.toContain('<svg');
  });

  it("keeps a private app's files out of shared caches", async () => {
    ok(await t.call('developer', 'PUT', `/developer/apps/${did}`, { visibility: 'private' }));
    expect((await t.call(null, 'GET', `/apps/${did}/versions/1.0.0/assets/logo.svg`)).statusCode).toBe(404);
    const owner = await t.call('developer', 'GET', `/apps/${did}/versions/1.0.0/assets/logo.svg`);
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  });
  it("lets the app's developer alone choose how its supporters show", async () => {
    const choose = (caller: Caller, supportersView: unknown) =>
      t.call(caller, 'PUT', `/developer/apps/${did}`, { supportersView });
    expect(ok(await choose('developer', 'table'))).toMatchObject({ supportersView: 'table' });
    expect((await choose('developer', 'list')).statusCode).toBe(400);
    expect((await choose('member', 'avatar')).statusCode).toBe(403);
    const row = await t.db.selectFrom('store_apps').select('supporters_view').executeTakeFirstOrThrow();
    expect(row.supporters_view).toBe('table');
  });
});
