import type { CatalogueAppList } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBundleWorkshop } from '../../../test-utils/app-bundles.ts';
import { createAccessToken, publishThroughReview, uploadForm } from '../../../test-utils/app-uploads.ts';
import { openStoreTestApp, type Caller, type StoreTestApp } from '../../../test-utils/store-test-app.ts';

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>';

describe.each(TEST_DIALECTS)("the catalogue follows an app's published version on %s", (dialect) => {
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

  async function list(keyword = '', caller: Caller = null) {
    const response = await t.call(caller, 'GET', `/apps?keyword=${encodeURIComponent(keyword)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CatalogueAppList;
  }
  const titles = async (keyword = '', caller: Caller = null) =>
    (await list(keyword, caller)).list.map((app) => app.title);

  it('lists what the published version says, until the next one is published', async () => {
    const first = await workshop.make({
      name: 'hello-app',
      title: 'Hello App',
      manifest: { description: 'Greets people politely.', keywords: ['hello'] },
    });
    const did = first.key.did;
    expect((await uploadForm(t, token, first.bytes)).statusCode).toBe(201);
    expect(await list()).toEqual({ list: [], count: 0 });
    await publishThroughReview(t, did, '1.0.0');
    expect((await list()).list).toEqual([
      expect.objectContaining({
        did,
        title: 'Hello App',
        version: '1.0.0',
        keywords: ['hello'],
        price: null,
        logoUrl: null,
        category: 'payments',
        ownerName: 'Developer',
      }),
    ]);

    const second = await workshop.make({
      key: first.key,
      name: 'hello-app',
      title: 'Greeting Board',
      version: '1.1.0',
      files: { 'index.js': 'console.log("hi")\n', 'logo.svg': LOGO },
      manifest: {
        description: 'Shows a board of greetings.',
        keywords: ['board'],
        price: { amount: '3', currency: 'USD' },
        logo: 'logo.svg',
      },
    });
    expect((await uploadForm(t, token, second.bytes)).statusCode).toBe(201);
    // An upload waiting for review changes nothing the catalogue shows.
    expect(await titles()).toEqual(['Hello App']);
    expect(await titles('greets')).toEqual(['Hello App']);
    expect(await titles('board')).toEqual([]);

    await publishThroughReview(t, did, '1.1.0');
    const { list: listed, count } = await list();
    expect(count).toBe(1);
    expect(listed[0]).toMatchObject({
      title: 'Greeting Board',
      description: 'Shows a board of greetings.',
      version: '1.1.0',
      keywords: ['board'],
      price: { amount: '3', currency: 'USD' },
      logoUrl: `/api/apps/${did}/versions/1.1.0/assets/logo.svg`,
    });
    expect(await titles('greets')).toEqual([]);
    expect(await titles('hello')).toEqual(['Greeting Board']); // still its name
    expect(await titles('greetings board')).toEqual(['Greeting Board']);
  });

  it('hides an app as soon as an admin blocks it or its developer makes it private', async () => {
    const bundle = await workshop.make({ name: 'cron-dashboard', title: 'Cron Dashboard' });
    const did = bundle.key.did;
    expect((await uploadForm(t, token, bundle.bytes)).statusCode).toBe(201);
    await publishThroughReview(t, did, '1.0.0');
    expect(await titles('dashboard')).toEqual(['Cron Dashboard']);

    const blocked = await t.call('admin', 'PUT', `/console/apps/${did}/block`, { reason: 'Phishing' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await list('dashboard')).toEqual({ list: [], count: 0 });
    expect(await list('', 'member')).toEqual({ list: [], count: 0 });
    expect((await list('dashboard', 'developer')).list).toEqual([
      expect.objectContaining({ title: 'Cron Dashboard', isBlocked: true }),
    ]);
    expect((await t.call('admin', 'PUT', `/console/apps/${did}/unblock`)).statusCode).toBe(200);
    expect(await titles()).toEqual(['Cron Dashboard']);

    const hidden = await t.call('developer', 'PUT', `/developer/apps/${did}`, { visibility: 'private' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await titles()).toEqual([]);
    expect((await list('cron', 'admin')).list).toEqual([
      expect.objectContaining({ title: 'Cron Dashboard', visibility: 'private' }),
    ]);
  });
});
