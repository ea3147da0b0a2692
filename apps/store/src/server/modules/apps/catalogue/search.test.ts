import type { CatalogueAppList } from '@bazaar/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogueApps, insertCatalogueApps } from '../../../test-utils/catalogue-apps.ts';
import { openStoreTestApp, TEST_NOW, USERS, type StoreTestApp } from '../../../test-utils/store-test-app.ts';

/** Queries of every kind: words, prefixes, typos, several words, Chinese, noise. */
const QUERIES = [
  'invoice',
  'dash',
  'dashbord',
  'recipt',
  'invoce',
  'backup sync',
  'team calendar planner',
  'secure wallet',
  'mail',
  'for small teams',
  '发票',
  '管理',
  'NEAR(chat OR "bot")',
  'metrics-monitor',
];

describe('the same search on SQLite and PostgreSQL', () => {
  let sqlite: StoreTestApp;
  let postgres: StoreTestApp;

  beforeAll(async () => {
    [sqlite, postgres] = await Promise.all([openStoreTestApp('sqlite'), openStoreTestApp('postgres')]);
    const apps = generateCatalogueApps(600, { seed: 16, ownerDid: USERS.developer.did, now: TEST_NOW });
    await Promise.all([insertCatalogueApps(sqlite.db, apps), insertCatalogueApps(postgres.db, apps)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([sqlite?.close(), postgres?.close()]);
  });

  async function both(path: string): Promise<[CatalogueAppList, CatalogueAppList]> {
    const answers = await Promise.all(
      [sqlite, postgres].map(async (t) => {
        const response = await t.call(null, 'GET', path);
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as CatalogueAppList;
      }),
    );
    return answers as [CatalogueAppList, CatalogueAppList];
  }

  it('finds the same apps in the same order, with the same highlights', async () => {
    for (const keyword of QUERIES) {
      const [onSqlite, onPostgres] = await both(`/apps?keyword=${encodeURIComponent(keyword)}&pageSize=50`);
      expect(onSqlite.count, keyword).toBeGreaterThan(0);
      expect(onPostgres.count, keyword).toBe(onSqlite.count);
      expect(
        onPostgres.list.map((app) => app.did),
        keyword,
      ).toEqual(onSqlite.list.map((app) => app.did));
      expect(
        onPostgres.list.map((app) => app.highlight),
        keyword,
      ).toEqual(onSqlite.list.map((app) => app.highlight));
    }
  });

  it('sorts, filters and pages a search alike', async () => {
    for (const query of [
      'keyword=report&sortBy=title',
      'keyword=report&sortBy=lastPublished&sortDirection=asc',
      'keyword=tracker&price=paid&category=payments',
      'keyword=monitor&page=3&pageSize=7',
    ]) {
      const [onSqlite, onPostgres] = await both(`/apps?${query}`);
      expect(onPostgres.count, query).toBe(onSqlite.count);
      expect(
        onPostgres.list.map((app) => app.did),
        query,
      ).toEqual(onSqlite.list.map((app) => app.did));
    }
  });

  it('lists alike without a keyword, in every order', async () => {
    for (const query of [
      '',
      'sortBy=title',
      'sortBy=title&sortDirection=desc',
      'sortBy=lastPublished&price=free',
    ]) {
      const [onSqlite, onPostgres] = await both(`/apps?${query}&pageSize=100`);
      expect(onPostgres.count, query).toBe(onSqlite.count);
      expect(
        onPostgres.list.map((app) => app.did),
        query,
      ).toEqual(onSqlite.list.map((app) => app.did));
    }
  });
});
