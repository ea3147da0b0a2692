import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStoreTestApp, type StoreTestApp } from '../../test-utils/store-test-app.ts';
import { clientKeyOf, createDailySalts, createKnownCounted, type DownloadClient } from './client-keys.ts';
import { addDays, utcDayOf } from '@bazaar/server-kit';
import {
  countDownload,
  createDownloadRollup,
  createDownloadSweeper,
  rollUpDownloads,
  sweepDownloadClients,
} from './service.ts';

const DAY = 24 * 60 * 60;
const APP = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
const guest = (address: string): DownloadClient => ({ did: null, address, userAgent: 'curl/8.5.0' });

describe.each(TEST_DIALECTS)('download counting on %s', (dialect) => {
  let t: StoreTestApp;

  beforeEach(async () => {
    t = await openStoreTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const countDeps = () => ({
    db: t.db,
    clock: t.clock,
    salts: createDailySalts(t.db),
    known: createKnownCounted(),
  });
  const clientDays = async () =>
    (await t.db.selectFrom('store_download_clients').select('day').orderBy('day').execute()).map(
      (row) => row.day,
    );

  it('hashes a guest with the day’s salt, which every node shares and no later day reuses', async () => {
    const today = utcDayOf(t.clock.now());
    const node = createDailySalts(t.db);
    const otherNode = createDailySalts(t.db);
    const [key, sameOnOtherNode] = await Promise.all([
      clientKeyOf(node, today, guest('192.0.2.1')),
      clientKeyOf(otherNode, today, guest('192.0.2.1')),
    ]);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(sameOnOtherNode).toBe(key);
    expect(await clientKeyOf(node, today, guest('192.0.2.2'))).not.toBe(key);
    expect(await clientKeyOf(node, addDays(today, 1), guest('192.0.2.1'))).not.toBe(key);
    expect(await clientKeyOf(node, today, { ...guest('192.0.2.1'), did: 'did:bazaar:usr_ann' })).toBe(
      'did:bazaar:usr_ann',
    );
    expect(await t.db.selectFrom('store_download_salts').select('day').orderBy('day').execute()).toEqual([
      { day: today },
      { day: addDays(today, 1) },
    ]);
  });

  it('counts a client once a day across nodes, each remembering what it saw', async () => {
    const [node, otherNode] = [countDeps(), countDeps()];
    const download = { appDid: APP, version: '1.0.0', client: guest('192.0.2.1') };
    const first = await Promise.all([countDownload(node, download), countDownload(otherNode, download)]);
    expect(first.sort()).toEqual([false, true]);
    expect(await countDownload(node, download)).toBe(false);
    expect(await countDownload(otherNode, download)).toBe(false);
    t.clock.advance(DAY);
    expect(await countDownload(otherNode, download)).toBe(true);
    expect(await countDownload(node, download)).toBe(false);
    expect(await rollUpDownloads(t.deps)).toBe(2);
    const days = await t.db
      .selectFrom('store_download_days')
      .select(['day', 'count'])
      .orderBy('day')
      .execute();
    expect(days.map((row) => Number(row.count))).toEqual([1, 1]);
  });

  it('sweeps client rows and salts of days before yesterday, in batches, and keeps the counts', async () => {
    const deps = countDeps();
    for (let day = 0; day < 4; day += 1) {
      expect(await countDownload(deps, { appDid: APP, version: '1.0.0', client: guest('192.0.2.1') })).toBe(
        true,
      );
      expect(await countDownload(deps, { appDid: APP, version: '1.0.0', client: guest('192.0.2.1') })).toBe(
        false,
      );
      t.clock.advance(DAY);
    }
    t.clock.advance(-DAY);
    await rollUpDownloads(t.deps);
    const today = utcDayOf(t.clock.now());
    const longAgo = addDays(today, -30);
    // More rows than one batch deletes, and one never rolled up, which stays until it is.
    await t.db
      .insertInto('store_download_clients')
      .values([
        ...Array.from({ length: 2_500 }, (_, index) => ({
          day: longAgo,
          app_did: APP,
          version: '1.0.0',
          client_key: `key-${index}`,
          rolled_up: 1,
        })),
        { day: longAgo, app_did: APP, version: '1.0.0', client_key: 'waiting', rolled_up: 0 },
      ])
      .execute();
    const countsBefore = await t.db.selectFrom('store_download_days').selectAll().orderBy('day').execute();

    expect(await sweepDownloadClients(t.deps)).toBe(2_500 + 2);

    expect(await clientDays()).toEqual([longAgo, addDays(today, -1), today]);
    expect(await t.db.selectFrom('store_download_salts').select('day').orderBy('day').execute()).toEqual([
      { day: addDays(today, -1) },
      { day: today },
    ]);
    expect(await t.db.selectFrom('store_download_days').selectAll().orderBy('day').execute()).toEqual(
      countsBefore,
    );
    expect(countsBefore.map((row) => Number(row.count))).toEqual([1, 1, 1, 1]);
    expect(await sweepDownloadClients(t.deps)).toBe(0);
    await rollUpDownloads(t.deps);
    expect(await sweepDownloadClients(t.deps)).toBe(1);
  });

  it('rolls each counted download into its day and its app exactly once, however many roll up at once', async () => {
    const OTHER = `${APP.slice(0, -1)}X`;
    const today = utcDayOf(t.clock.now());
    const yesterday = addDays(today, -1);
    await t.db
      .insertInto('store_apps')
      .values(
        [APP, OTHER].map((did, index) => ({
          did,
          name: `app-${index}`,
          owner_did: 'did:bazaar:usr_developer',
          title: `App ${index}`,
          description: '',
          visibility: 'public',
          auto_publish: 0,
          review_type: 'each',
          created_at: 0,
          updated_at: 0,
        })),
      )
      .execute();
    // More than one batch, over two apps, two versions and two days.
    const waiting = Array.from({ length: 2_345 }, (_, index) => ({
      day: index % 3 === 0 ? yesterday : today,
      app_did: index % 5 === 0 ? OTHER : APP,
      version: index % 2 === 0 ? '1.0.0' : '1.1.0',
      client_key: `key-${index}`,
    }));
    for (let from = 0; from < waiting.length; from += 500) {
      await t.db
        .insertInto('store_download_clients')
        .values(waiting.slice(from, from + 500))
        .execute();
    }

    const added = await Promise.all([
      rollUpDownloads(t.deps),
      rollUpDownloads(t.deps),
      rollUpDownloads(t.deps),
    ]);

    expect(added.reduce((sum, count) => sum + count, 0)).toBe(2_345);
    expect(await rollUpDownloads(t.deps)).toBe(0);
    const expected = new Map<string, number>();
    for (const row of waiting) {
      const key = `${row.app_did} ${row.day} ${row.version}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    const days = await t.db.selectFrom('store_download_days').selectAll().execute();
    expect(
      new Map(days.map((row) => [`${row.app_did} ${row.day} ${row.version}`, Number(row.count)])),
    ).toEqual(expected);
    const totals = await t.db.selectFrom('store_apps').select(['did', 'downloads']).orderBy('did').execute();
    expect(totals.map((row) => [row.did, Number(row.downloads)])).toEqual(
      [
        [APP, waiting.filter((row) => row.app_did === APP).length],
        [OTHER, waiting.filter((row) => row.app_did === OTHER).length],
      ].sort(),
    );
  });

  it('runs the rollup and the sweep as jobs the Store starts and stops', async () => {
    await countDownload(countDeps(), { appDid: APP, version: '1.0.0', client: guest('192.0.2.1') });
    const rollup = createDownloadRollup(t.deps, Fastify().log);
    rollup.start();
    await rollup.stop();
    const days = await t.db.selectFrom('store_download_days').select('count').execute();
    expect(days.map((row) => Number(row.count))).toEqual([1]);
    t.clock.advance(3 * DAY);
    const sweeper = createDownloadSweeper(t.deps, Fastify().log);
    sweeper.start();
    await sweeper.stop();
    expect(await clientDays()).toEqual([]);
  });
});
