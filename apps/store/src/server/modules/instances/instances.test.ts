import { signInstanceReport, type AppKey, type InstanceReport } from '@bazaar/bundle';
import { APP_INSTANCE_STALE_SECONDS, type AppInstanceList } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBundleWorkshop } from '../../test-utils/app-bundles.ts';
import { createAccessToken, publishThroughReview, uploadForm } from '../../test-utils/app-uploads.ts';
import { codeOf, openStoreTestApp, type StoreTestApp } from '../../test-utils/store-test-app.ts';

describe.each(TEST_DIALECTS)("an app's public instances on %s", (dialect) => {
  let t: StoreTestApp;
  let workshop: Awaited<ReturnType<typeof openBundleWorkshop>>;
  let key: AppKey;

  beforeEach(async () => {
    t = await openStoreTestApp(dialect);
    workshop = await openBundleWorkshop();
    const bundle = await workshop.make({ name: 'team-notes' });
    key = bundle.key;
    expect((await uploadForm(t, await createAccessToken(t), bundle.bytes)).statusCode).toBe(201);
    await publishThroughReview(t, key.did, '1.0.0');
  });
  afterEach(async () => {
    await t.close();
    await workshop.remove();
  });

  const unsigned = (changes: Partial<InstanceReport> = {}): InstanceReport => ({
    app: key.did,
    url: 'https://notes.example.com',
    owner: 'Example Co',
    status: 'active',
    issuedAt: t.clock.now(),
    ...changes,
  });
  const report = (changes: Partial<InstanceReport> = {}) =>
    signInstanceReport(unsigned(changes), key.secretKey);
  const put = (body: unknown, did = key.did) => t.call(null, 'PUT', `/apps/${did}/instances`, body);
  const list = async (caller: Parameters<StoreTestApp['call']>[0] = null) => {
    const response = await t.call(caller, 'GET', `/apps/${key.did}/instances`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AppInstanceList;
  };

  it('lists an install that reported itself with the app’s key, and keeps only its newest report', async () => {
    expect((await put(report())).json()).toEqual({ recorded: true });
    await put(report({ url: 'https://b.example.com', owner: 'Bea' }));
    t.clock.advance(60);
    expect((await put(report({ status: 'inactive' }))).json()).toEqual({ recorded: true });
    // A replayed older report changes nothing.
    const older = report({ issuedAt: t.clock.now() - 120, status: 'active' });
    expect((await put(older)).json()).toEqual({ recorded: false });
    const answer = await list();
    expect(answer.count).toBe(2);
    expect(answer.list).toEqual([
      {
        url: 'https://notes.example.com',
        owner: 'Example Co',
        status: 'inactive',
        lastReportedAt: t.clock.now(),
      },
      { url: 'https://b.example.com', owner: 'Bea', status: 'active', lastReportedAt: t.clock.now() - 60 },
    ]);
    // Not heard from in a week: inactive, whatever it last said.
    t.clock.advance(APP_INSTANCE_STALE_SECONDS);
    expect((await list()).list.map((instance) => instance.status)).toEqual(['inactive', 'inactive']);
  });

  it('refuses a report signed by another key, for another app, far from the clock, or altered', async () => {
    const other = (await workshop.make({ name: 'other-app' })).key;
    const refusedWith = async (body: unknown, did = key.did) => {
      const response = await put(body, did);
      expect(response.statusCode, response.body).toBe(400);
      return codeOf(response);
    };
    // Signed by another app's key, passed off as this app's; and another app's own report sent here.
    const forged = signInstanceReport(unsigned({ app: other.did }), other.secretKey);
    expect(await refusedWith({ ...forged, app: key.did })).toBe('INSTANCE_REPORT_INVALID');
    expect(await refusedWith(forged)).toBe('INSTANCE_REPORT_INVALID');
    expect(await refusedWith({ ...report(), owner: 'Mallory' })).toBe('INSTANCE_REPORT_INVALID');
    expect(await refusedWith(report({ issuedAt: t.clock.now() - 3_600 }))).toBe('INSTANCE_REPORT_INVALID');
    expect(await refusedWith({ ...report(), url: 'https://x.example.com/path' })).toBe('VALIDATION_FAILED');
    expect((await list()).count).toBe(0);
  });

  it('lists nothing of a blocked app for visitors and takes no report for it', async () => {
    await put(report());
    expect(
      (await t.call('admin', 'PUT', `/console/apps/${key.did}/block`, { reason: 'Spam' })).statusCode,
    ).toBe(200);
    expect(codeOf(await t.call(null, 'GET', `/apps/${key.did}/instances`))).toBe('APP_BLOCKED');
    expect((await list('admin')).count).toBe(1);
    expect(codeOf(await put(report({ url: 'https://c.example.com' })))).toBe('APP_BLOCKED');
  });
});
