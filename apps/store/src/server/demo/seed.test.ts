import { readBundle } from '@bazaar/bundle';
import type { AppDetail, AppListItem } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listFiles, openBundleWorkshop } from '../test-utils/app-bundles.ts';
import { countAppRows, createAccessToken, uploadForm } from '../test-utils/app-uploads.ts';
import { openStoreTestApp, type StoreTestApp } from '../test-utils/store-test-app.ts';
import {
  DEMO_ADMIN_DID,
  DEMO_APPS,
  DEMO_DEVELOPER,
  DEMO_INVITATION_NOTE,
  demoAppKey,
  readDemoApp,
} from './demo-apps.ts';
import { seedDemoApps } from './seed.ts';

/** Each demo app as the seed leaves it: its category, published version and newest upload's status. */
const EXPECTED = [
  { name: 'invoice-mailer', category: 'payments', current: '1.1.0', latest: '1.1.0', status: 'published' },
  { name: 'receipt-ocr', category: 'payments', current: '1.0.0', latest: '1.0.0', status: 'published' },
  {
    name: 'cron-dashboard',
    category: 'developer-tools',
    current: '1.2.0',
    latest: '1.2.0',
    status: 'published',
  },
  {
    name: 'webhook-relay',
    category: 'developer-tools',
    current: '1.1.0',
    latest: '1.1.0',
    status: 'published',
  },
  { name: 'team-notes', category: 'productivity', current: '1.0.0', latest: '1.1.0', status: 'pending' },
];

const PUBLISHED_STORY = [
  [null, 'draft', 'developer', DEMO_DEVELOPER.did],
  ['draft', 'pending', 'developer', DEMO_DEVELOPER.did],
  ['pending', 'inReview', 'admin', DEMO_ADMIN_DID],
  ['inReview', 'approved', 'admin', DEMO_ADMIN_DID],
  ['approved', 'published', 'developer', DEMO_DEVELOPER.did],
];
const PENDING_STORY = PUBLISHED_STORY.slice(0, 2);

describe('demo app fixtures', () => {
  it('give each app a bazaar.json at its newest release and changelogs that grow release by release', async () => {
    for (const spec of DEMO_APPS) {
      const app = await readDemoApp(spec);
      expect(app.manifest.name).toBe(spec.folder);
      expect(app.manifest.version).toBe(app.releases.at(-1)?.version);
      expect(app.manifest.readme).toEqual({ en: 'README.md', zh: 'README.zh.md' });
      expect(app.manifest.license).toBe('MIT');
      const [first, ...later] = app.releases;
      expect(first?.changelog).toMatch(/^# Changelog\n\n## 1\.0\.0\n/);
      for (const release of later) expect(release.changelog).toContain(`## ${release.version}\n`);
      for (const newer of later) expect(first?.changelog).not.toContain(newer.version);
    }
    expect(demoAppKey('team-notes').did).toBe(demoAppKey('team-notes').did);
    expect(demoAppKey('team-notes').did).not.toBe(demoAppKey('receipt-ocr').did);
  });
});

describe.each(TEST_DIALECTS)('demo apps seed on %s', (dialect) => {
  let t: StoreTestApp;

  beforeEach(async () => {
    t = await openStoreTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  async function consoleApp(name: string): Promise<AppDetail> {
    const response = await t.call('admin', 'GET', `/console/apps/${demoAppKey(name).did}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function countSeedRows() {
    const count = async (
      table: 'store_developers' | 'store_developer_history' | 'store_invitations' | 'store_access_tokens',
    ) =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );
    return {
      ...(await countAppRows(t)),
      developers: await count('store_developers'),
      developerHistory: await count('store_developer_history'),
      invitations: await count('store_invitations'),
      accessTokens: await count('store_access_tokens'),
      bundles: await listFiles(t.bundlesDir),
    };
  }

  it('publishes the demo apps through the review pipeline and leaves one release pending', async () => {
    const report = await seedDemoApps(t.deps);
    expect(report.skipped).toEqual([]);
    expect(report.uploaded).toEqual([
      'invoice-mailer@1.0.0',
      'invoice-mailer@1.1.0',
      'receipt-ocr@1.0.0',
      'cron-dashboard@1.0.0',
      'cron-dashboard@1.1.0',
      'cron-dashboard@1.2.0',
      'webhook-relay@1.0.0',
      'webhook-relay@1.1.0',
      'team-notes@1.0.0',
      'team-notes@1.1.0',
    ]);

    for (const expected of EXPECTED) {
      const { app, versions, history } = await consoleApp(expected.name);
      expect(app).toMatchObject({
        name: expected.name,
        ownerDid: DEMO_DEVELOPER.did,
        category: expected.category,
        currentVersion: expected.current,
        latestVersion: expected.latest,
        isBlocked: false,
        logo: 'logo.svg',
      });
      expect(versions[0]).toMatchObject({ version: expected.latest, status: expected.status });
      expect(versions[0]?.manifest).toMatchObject({
        license: 'MIT',
        readme: { en: 'README.md', zh: 'README.zh.md' },
        changelog: 'CHANGELOG.md',
      });
      expect(versions.slice(1).every((version) => version.status === 'published')).toBe(true);
      // Every step of every release, by whom it belongs to, oldest first.
      const story = versions
        .toReversed()
        .flatMap((version) =>
          (version.status === 'pending' ? PENDING_STORY : PUBLISHED_STORY).map((step) => [
            version.version,
            ...step,
          ]),
        );
      expect(
        history.map((entry) => [
          entry.version,
          entry.fromStatus,
          entry.toStatus,
          entry.actorKind,
          entry.actorDid,
        ]),
      ).toEqual(story);
    }

    const queue = await t.call('admin', 'GET', '/console/apps?status=pending');
    expect(
      queue.json().list.map((item: AppListItem) => [item.app.title, item.latestVersion?.version]),
    ).toEqual([['Team Notes', '1.1.0']]);
  });

  it('keeps every release in the storage as a bundle that verifies again', async () => {
    await seedDemoApps(t.deps);
    const rows = await t.db
      .selectFrom('store_app_versions')
      .select(['app_did', 'version', 'integrity', 'size', 'storage_key'])
      .execute();
    expect(rows).toHaveLength(10);
    expect((await listFiles(t.bundlesDir)).toSorted()).toEqual(rows.map((row) => row.storage_key).toSorted());
    for (const row of rows) {
      const bundle = await readBundle(await t.deps.storage.get(row.storage_key), {
        maxBytes: row.size,
        expectedIntegrity: row.integrity,
      });
      expect(bundle.manifest).toMatchObject({ did: row.app_did, version: row.version });
      expect(bundle.size).toBe(row.size);
      expect(bundle.files.get('README.zh.md')?.toString()).toContain('这是一个演示应用');
      const changelog = bundle.files.get('CHANGELOG.md')?.toString();
      expect(changelog).toContain(`## ${row.version}\n`);
      if (row.version === '1.0.0') expect(changelog).not.toContain('## 1.1.0');
      expect(JSON.parse(bundle.files.get('bazaar.json')!.toString())).toMatchObject({ version: row.version });
      expect(bundle.manifest.files.map((file) => file.path)).toEqual([
        'CHANGELOG.md',
        'README.md',
        'README.zh.md',
        'bazaar.json',
        'index.html',
        'logo.svg',
      ]);
    }
  });

  it('registers the demo developer by an invitation the demo admin sent, and deletes its upload token', async () => {
    await seedDemoApps(t.deps);
    const developers = await t.call('admin', 'GET', `/console/developers?q=${DEMO_DEVELOPER.did}`);
    expect(developers.json().list).toEqual([
      expect.objectContaining({ did: DEMO_DEVELOPER.did, username: 'Bazaar Demo', status: 'enabled' }),
    ]);
    const history = await t.call('admin', 'GET', `/console/developers/${DEMO_DEVELOPER.did}/history`);
    expect(history.json().list).toEqual([
      expect.objectContaining({ action: 'registered', via: 'invitation', actorDid: DEMO_DEVELOPER.did }),
    ]);
    const invitations = await t.call('admin', 'GET', '/console/invitations?status=accepted');
    expect(invitations.json().list).toEqual([
      expect.objectContaining({
        did: DEMO_DEVELOPER.did,
        note: DEMO_INVITATION_NOTE,
        invitedBy: DEMO_ADMIN_DID,
        acceptedBy: DEMO_DEVELOPER.did,
      }),
    ]);
    const tokens = await t.db
      .selectFrom('store_access_tokens')
      .select(['name', 'revoked_at'])
      .where('owner_did', '=', DEMO_DEVELOPER.did)
      .execute();
    expect(tokens).toEqual([{ name: 'Demo seed', revoked_at: expect.any(Number) }]);
  });

  it('changes nothing when it runs again', async () => {
    await seedDemoApps(t.deps);
    const before = await countSeedRows();
    t.clock.advance(60);
    expect(await seedDemoApps(t.deps)).toEqual({ uploaded: [], skipped: [] });
    expect(await countSeedRows()).toEqual(before);
    expect((await consoleApp('team-notes')).versions[0]).toMatchObject({
      version: '1.1.0',
      status: 'pending',
    });
  });

  it('finishes a release a start left part-way, and leaves what an admin decided since', async () => {
    await seedDemoApps(t.deps);
    const cron = demoAppKey('cron-dashboard').did;
    const notes = demoAppKey('team-notes').did;
    // As if the last start stopped after approving cron-dashboard 1.2.0, before publishing it.
    await t.db
      .updateTable('store_app_versions')
      .set({ status: 'approved', published_at: null })
      .where('app_did', '=', cron)
      .where('version', '=', '1.2.0')
      .execute();
    await t.db.updateTable('store_apps').set({ current_version: '1.1.0' }).where('did', '=', cron).execute();
    for (const body of [
      { action: 'start', version: '1.1.0' },
      { action: 'reject', version: '1.1.0', reason: 'Mentions break the layout' },
    ]) {
      const response = await t.call('admin', 'PUT', `/console/apps/${notes}/review`, body);
      expect(response.statusCode, response.body).toBe(200);
    }
    const blocked = await t.call('admin', 'PUT', `/console/apps/${demoAppKey('receipt-ocr').did}/block`, {
      reason: 'Reads receipts it should not',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);

    expect(await seedDemoApps(t.deps)).toEqual({ uploaded: [], skipped: [] });
    expect((await consoleApp('cron-dashboard')).app.currentVersion).toBe('1.2.0');
    expect((await consoleApp('team-notes')).versions[0]).toMatchObject({
      version: '1.1.0',
      status: 'rejected',
    });
    expect((await consoleApp('receipt-ocr')).app).toMatchObject({ isBlocked: true, currentVersion: '1.0.0' });
  });

  it('skips an app whose name another developer took, and seeds the others', async () => {
    const workshop = await openBundleWorkshop();
    try {
      const taken = await workshop.make({ name: 'Receipt-OCR', title: 'Someone else’s receipts' });
      const response = await uploadForm(t, await createAccessToken(t), taken.bytes);
      expect(response.statusCode, response.body).toBe(201);
    } finally {
      await workshop.remove();
    }
    const report = await seedDemoApps(t.deps);
    expect(report.skipped).toEqual([expect.objectContaining({ app: 'receipt-ocr', code: 'APP_NAME_TAKEN' })]);
    expect(report.uploaded).toHaveLength(9);
    expect((await consoleApp('team-notes')).app.currentVersion).toBe('1.0.0');
  });

  it('leaves everything alone once an admin revoked the demo developer', async () => {
    await seedDemoApps(t.deps);
    const revoked = await t.call('admin', 'PUT', `/console/developers/${DEMO_DEVELOPER.did}`, {
      status: 'revoked',
      reason: 'Demo over',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    // Were the developer still enabled, the seed would upload Team Notes again.
    const notes = demoAppKey('team-notes').did;
    await t.db.deleteFrom('store_app_version_history').where('app_did', '=', notes).execute();
    await t.db.deleteFrom('store_app_versions').where('app_did', '=', notes).execute();
    await t.db.deleteFrom('store_apps').where('did', '=', notes).execute();
    expect(await seedDemoApps(t.deps)).toEqual({ uploaded: [], skipped: [] });
    expect(await countAppRows(t)).toMatchObject({ apps: 4, versions: 8 });
  });
});
