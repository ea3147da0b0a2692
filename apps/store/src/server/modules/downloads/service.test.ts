import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStoreTestApp, type StoreTestApp } from '../../test-utils/store-test-app.ts';
import { clientKeyOf, createDailySalts, createKnownCounted, type DownloadClient } from './client-keys.ts';
import { addDays, utcDayOf } from '@bazaar/server-kit';
import { countDownload, createDownloadSweeper, sweepDownloadClients } from './service.ts';

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
    const today = utcDayOf(t.clock.now());
    const longAgo = addDays(today, -30);
    // More rows than one batch deletes.
    await t.db
      .insertInto('store_download_clients')
      .values(
        Array.from({ length: 2_500 }, (_, index) => ({
          day: longAgo,
          app_did: APP,
          version: '1.0.0',
          client_key: `key-${index}`,
        })),
      )
      .execute();
    const countsBefore = await t.db.selectFrom('store_download_days').selectAll().orderBy('day').execute();

    expect(await sweepDownloadClients(t.deps)).toBe(2_500 + 2);

    expect(await clientDays()).toEqual([addDays(today, -1), today]);
    expect(await t.db.selectFrom('store_download_salts').select('day').orderBy('day').execute()).toEqual([
      { day: addDays(today, -1) },
      { day: today },
    ]);
    expect(await t.db.selectFrom('store_download_days').selectAll().orderBy('day').execute()).toEqual(
      countsBefore,
    );
    expect(countsBefore.map((row) => Number(row.count))).toEqual([1, 1, 1, 1]);
    expect(await sweepDownloadClients(t.deps)).toBe(0);
  });

  it('runs the sweep as a job the Store starts and stops', async () => {
    await countDownload(countDeps(), { appDid: APP, version: '1.0.0', client: guest('192.0.2.1') });
    t.clock.advance(3 * DAY);
    const sweeper = createDownloadSweeper(t.deps, Fastify().log);
    sweeper.start();
    await sweeper.stop();
    expect(await clientDays()).toEqual([]);
  });
});
