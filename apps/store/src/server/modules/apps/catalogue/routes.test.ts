import type { CatalogueApp, CatalogueAppList, CatalogueExplore } from '@bazaar/schemas';
import { TEST_DIALECTS } from '@bazaar/server-kit/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerRival, RIVAL } from '../../../test-utils/app-uploads.ts';
import { insertCatalogueApps, type CatalogueAppInput } from '../../../test-utils/catalogue-apps.ts';
import {
  codeOf,
  openStoreTestApp,
  TEST_NOW,
  USERS,
  type Caller,
  type StoreTestApp,
} from '../../../test-utils/store-test-app.ts';

const DAY = 24 * 60 * 60;
const developer = USERS.developer.did;

/** A small store: six listed apps, one private (the developer's), one blocked (the rival's). */
const CATALOGUE: CatalogueAppInput[] = [
  {
    name: 'cron-dashboard',
    title: 'Cron Dashboard',
    description: 'Schedule jobs and watch them run.',
    keywords: ['cron', 'scheduler'],
    logo: 'logo.svg',
    downloads: 50,
    category: 'productivity',
    ownerDid: developer,
    publishedAt: TEST_NOW - 5 * DAY,
  },
  {
    name: 'invoice-mailer',
    title: 'Invoice Mailer',
    description: 'Sends your customers their bills every month.',
    keywords: ['billing', 'email'],
    price: { amount: '9.99', currency: 'USD' },
    downloads: 120,
    category: 'payments',
    ownerDid: developer,
    publishedAt: TEST_NOW - 3 * DAY,
  },
  {
    name: 'receipt-ocr',
    title: 'Receipt OCR',
    description: 'Reads photos of paper slips and files them.',
    keywords: ['scan'],
    price: { amount: '4.5', currency: 'USD' },
    downloads: 80,
    category: 'payments',
    ownerDid: developer,
    publishedAt: TEST_NOW - 1 * DAY,
  },
  {
    name: 'team-notes',
    title: 'Team Notes',
    description:
      'Shared notes for a team. Everyone writes in the same place, every page keeps its history, and a ' +
      'long list of features follows here to make this description longer than a snippet: folders, ' +
      'tags, templates, search, exports and a dashboard of recent edits at the very end.',
    downloads: 200,
    category: 'productivity',
    ownerDid: developer,
    publishedAt: TEST_NOW - 10 * DAY,
  },
  {
    name: 'billing-hub',
    title: 'Billing Hub',
    description: 'Track invoices and payments.',
    downloads: 300,
    category: 'payments',
    ownerDid: developer,
    publishedAt: TEST_NOW - 20 * DAY,
  },
  {
    name: 'fapiao',
    title: '发票管理',
    description: '管理你的发票和收据。',
    keywords: ['发票'],
    downloads: 10,
    category: null,
    ownerDid: developer,
    publishedAt: TEST_NOW - 2 * DAY,
  },
  {
    name: 'secret-dashboard',
    title: 'Secret Dashboard',
    description: 'Not for everyone.',
    visibility: 'private',
    downloads: 500,
    category: 'productivity',
    ownerDid: developer,
    publishedAt: TEST_NOW,
  },
  {
    name: 'blocked-invoices',
    title: 'Blocked Invoice Tool',
    description: 'Was blocked.',
    isBlocked: true,
    downloads: 400,
    category: 'payments',
    ownerDid: RIVAL.did,
    publishedAt: TEST_NOW,
  },
];

const LISTED = ['Billing Hub', 'Team Notes', 'Invoice Mailer', 'Receipt OCR', 'Cron Dashboard', '发票管理'];

describe.each(TEST_DIALECTS)('the catalogue on %s', (dialect) => {
  let t: StoreTestApp;
  let dids: Record<string, string>;

  beforeEach(async () => {
    t = await openStoreTestApp(dialect);
    await registerRival(t);
    const inserted = await insertCatalogueApps(t.db, CATALOGUE);
    dids = Object.fromEntries(CATALOGUE.map((app, index) => [app.title, inserted[index]!]));
  });
  afterEach(async () => {
    await t.close();
  });

  async function list(query: Record<string, string | number> = {}, caller: Caller = null) {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    const response = await t.call(caller, 'GET', `/apps?${search}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CatalogueAppList;
  }
  const titles = async (query: Record<string, string | number> = {}, caller: Caller = null) =>
    (await list(query, caller)).list.map((app) => app.title);
  async function explore(caller: Caller = null) {
    const response = await t.call(caller, 'GET', '/apps/explore');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CatalogueExplore;
  }

  it('lists the listed apps to a guest, most downloaded first, each as its published version says', async () => {
    const answer = await list();
    expect(answer.count).toBe(6);
    expect(answer.list.map((app) => app.title)).toEqual(LISTED);
    const mailer = answer.list.find((app) => app.name === 'invoice-mailer')!;
    expect(mailer).toEqual({
      did: dids['Invoice Mailer']!,
      name: 'invoice-mailer',
      title: 'Invoice Mailer',
      description: 'Sends your customers their bills every month.',
      logoUrl: null,
      category: 'payments',
      ownerDid: developer,
      ownerName: 'Developer',
      version: '1.0.0',
      lastPublishedAt: TEST_NOW - 3 * DAY,
      downloads: 120,
      price: { amount: '9.99', currency: 'USD' },
      keywords: ['billing', 'email'],
      visibility: 'public',
      isBlocked: false,
      highlight: null,
    } satisfies CatalogueApp);
    const cron = answer.list.find((app) => app.name === 'cron-dashboard')!;
    expect(cron.logoUrl).toBe(`/api/apps/${dids['Cron Dashboard']}/versions/1.0.0/assets/logo.svg`);
    expect(cron.price).toBeNull();
  });

  it('pages with a total count', async () => {
    const page = await list({ pageSize: 2, page: 2 });
    expect(page).toMatchObject({ count: 6 });
    expect(page.list.map((app) => app.title)).toEqual(['Invoice Mailer', 'Receipt OCR']);
    expect((await list({ pageSize: 4, page: 2 })).list.map((app) => app.title)).toEqual([
      'Cron Dashboard',
      '发票管理',
    ]);
    expect((await list({ page: 3, pageSize: 4 })).list).toEqual([]);
    const tooLarge = await t.call(null, 'GET', '/apps?pageSize=101');
    expect(tooLarge.statusCode).toBe(400);
    expect(codeOf(tooLarge)).toBe('VALIDATION_FAILED');
  });

  it('sorts by title, last publication or downloads, either way', async () => {
    expect(await titles({ sortBy: 'title' })).toEqual([
      'Billing Hub',
      'Cron Dashboard',
      'Invoice Mailer',
      'Receipt OCR',
      'Team Notes',
      '发票管理',
    ]);
    expect(await titles({ sortBy: 'title', sortDirection: 'desc' })).toEqual([
      '发票管理',
      'Team Notes',
      'Receipt OCR',
      'Invoice Mailer',
      'Cron Dashboard',
      'Billing Hub',
    ]);
    expect(await titles({ sortBy: 'lastPublished' })).toEqual([
      'Receipt OCR',
      '发票管理',
      'Invoice Mailer',
      'Cron Dashboard',
      'Team Notes',
      'Billing Hub',
    ]);
    expect(await titles({ sortBy: 'downloads', sortDirection: 'asc' })).toEqual([...LISTED].reverse());
    // Relevance without a keyword is the default order.
    expect(await titles({ sortBy: 'relevance' })).toEqual(LISTED);
  });

  it('breaks ties by downloads, then DID', async () => {
    const same = await insertCatalogueApps(
      t.db,
      ['a', 'b', 'c'].map((letter) => ({
        name: `twin-${letter}`,
        title: 'Twin',
        downloads: 7,
        ownerDid: developer,
        publishedAt: TEST_NOW,
      })),
    );
    const twins = (await list({ sortBy: 'title', keyword: '' })).list.filter((app) => app.title === 'Twin');
    expect(twins.map((app) => app.did)).toEqual([...same].sort());
    const searched = (await list({ keyword: 'twin' })).list.map((app) => app.did);
    expect(searched).toEqual([...same].sort());
  });

  it('filters by category and by price', async () => {
    expect(await titles({ category: 'payments' })).toEqual(['Billing Hub', 'Invoice Mailer', 'Receipt OCR']);
    expect(await titles({ price: 'paid' })).toEqual(['Invoice Mailer', 'Receipt OCR']);
    expect(await titles({ price: 'free', category: 'payments' })).toEqual(['Billing Hub']);
    expect((await list({ category: 'productivity', price: 'free' })).count).toBe(2);
    expect(await titles({ category: 'nowhere' })).toEqual([]);
    expect(await titles({ category: '', price: '' })).toEqual(LISTED);
    expect((await t.call(null, 'GET', '/apps?price=cheap')).statusCode).toBe(400);
    expect(await titles({ keyword: 'invoice', price: 'paid' })).toEqual(['Invoice Mailer']);
  });

  it('shows private and blocked apps only to their owner and to Store admins, marked', async () => {
    for (const caller of [null, 'member'] as const) {
      expect(await titles({}, caller)).toEqual(LISTED);
      expect(await titles({ keyword: 'dashboard' }, caller)).toEqual(['Cron Dashboard', 'Team Notes']);
      expect(await titles({ keyword: 'invoice' }, caller)).not.toContain('Blocked Invoice Tool');
      const home = await explore(caller);
      expect(home.trending.map((app) => app.title)).toEqual(LISTED);
      expect(home.categories.map(({ category, count }) => [category.id, count])).toEqual([
        ['payments', 3],
        ['productivity', 2],
      ]);
    }
    const mine = await list({}, 'developer');
    expect(mine.count).toBe(7);
    expect(mine.list[0]).toMatchObject({
      title: 'Secret Dashboard',
      visibility: 'private',
      isBlocked: false,
    });
    expect(await titles({ keyword: 'dashboard' }, 'developer')).toEqual([
      'Secret Dashboard',
      'Cron Dashboard',
      'Team Notes',
    ]);
    const rivals = await list({ keyword: 'invoice' }, RIVAL);
    expect(rivals.list.find((app) => app.isBlocked)).toMatchObject({ title: 'Blocked Invoice Tool' });
    expect(rivals.list.map((app) => app.title)).not.toContain('Secret Dashboard');

    const everything = await list({}, 'admin');
    expect(everything.count).toBe(8);
    expect(everything.list.slice(0, 2).map((app) => [app.title, app.visibility, app.isBlocked])).toEqual([
      ['Secret Dashboard', 'private', false],
      ['Blocked Invoice Tool', 'public', true],
    ]);
    const adminHome = await explore('owner');
    expect(adminHome.categories.map(({ category, count }) => [category.id, count])).toEqual([
      ['payments', 4],
      ['productivity', 3],
    ]);
  });

  it('serves the home sections: trending, recently updated and each category with apps', async () => {
    const more = await insertCatalogueApps(
      t.db,
      Array.from({ length: 4 }, (_, index) => ({
        name: `extra-${String.fromCharCode(97 + index)}`,
        title: `Extra ${index}`,
        downloads: index,
        category: 'productivity',
        ownerDid: developer,
        publishedAt: TEST_NOW - 100 * DAY,
      })),
    );
    const home = await explore();
    expect(home.trending).toHaveLength(8);
    expect(home.trending.slice(0, 3).map((app) => app.title)).toEqual(LISTED.slice(0, 3));
    expect(home.recentlyUpdated.slice(0, 3).map((app) => app.title)).toEqual([
      'Receipt OCR',
      '发票管理',
      'Invoice Mailer',
    ]);
    expect(home.categories).toEqual([
      {
        category: { id: 'payments', name: { en: 'Payments', zh: '支付' } },
        count: 3,
        apps: [
          expect.objectContaining({ title: 'Billing Hub' }),
          expect.objectContaining({ title: 'Invoice Mailer' }),
          expect.objectContaining({ title: 'Receipt OCR', ownerName: 'Developer' }),
        ],
      },
      {
        category: { id: 'productivity', name: { en: 'Productivity', zh: '效率' } },
        count: 6,
        apps: ['Team Notes', 'Cron Dashboard', 'Extra 3', 'Extra 2'].map((title) =>
          expect.objectContaining({ title }),
        ),
      },
    ]);
    expect(more).toHaveLength(4);
  });

  describe('search', () => {
    it('ranks a title or name match above a description match, and more words above fewer', async () => {
      expect(await titles({ keyword: 'dashboard' })).toEqual(['Cron Dashboard', 'Team Notes']);
      // Billing Hub is downloaded most but names only one of the two words.
      expect(await titles({ keyword: 'invoice email' })).toEqual(['Invoice Mailer', 'Billing Hub']);
      expect(await titles({ keyword: 'billing' })).toEqual(['Billing Hub', 'Invoice Mailer']);
      expect(await titles({ keyword: 'invoice-mailer' })).toEqual(['Invoice Mailer', 'Billing Hub']);
      expect(await list({ keyword: 'zebra xylophone' })).toEqual({ list: [], count: 0 });
    });

    it('finds words by their beginning', async () => {
      const found = await list({ keyword: 'dash' });
      expect(found.list.map((app) => app.title)).toEqual(['Cron Dashboard', 'Team Notes']);
      expect(found.list[0]!.highlight!.title).toEqual([
        { text: 'Cron ', match: false },
        { text: 'Dash', match: true },
        { text: 'board', match: false },
      ]);
      expect(await titles({ keyword: 'rec' })).toEqual(['Receipt OCR', 'Team Notes']);
    });

    it('forgives one typo in words of 4 to 7 letters, two in longer ones, none in shorter', async () => {
      expect(await titles({ keyword: 'dashbord' })).toEqual(['Cron Dashboard', 'Team Notes']);
      expect(await titles({ keyword: 'invoce' })).toEqual(['Invoice Mailer']);
      expect(await titles({ keyword: 'recipt' })).toEqual(['Receipt OCR']);
      expect(await titles({ keyword: 'schedlue' })).toEqual(['Cron Dashboard']);
      expect(await titles({ keyword: 'dsahbaord' })).toEqual(['Cron Dashboard', 'Team Notes']);
      expect(await titles({ keyword: 'ocx' })).toEqual([]);
      expect(await titles({ keyword: 'rceipx' })).toEqual([]);
      // An exact match ranks above a typo's.
      expect(await titles({ keyword: 'notes' })).toEqual(['Team Notes']);
    });

    it('marks matches in the title and a snippet of the description around the first one', async () => {
      const [notes] = (await list({ keyword: 'dashboard', category: 'productivity', sortBy: 'downloads' }))
        .list;
      expect(notes!.title).toBe('Team Notes');
      expect(notes!.highlight!.title).toEqual([{ text: 'Team Notes', match: false }]);
      const snippet = notes!.highlight!.description;
      expect(snippet[0]!.text.startsWith('…')).toBe(true);
      expect(snippet.filter((segment) => segment.match)).toEqual([{ text: 'dashboard', match: true }]);
      expect(snippet.map((segment) => segment.text).join('').length).toBeLessThanOrEqual(170);
      expect(notes!.description).toBe(CATALOGUE[3]!.description);

      const [mailer] = (await list({ keyword: 'EMAIL invoices' })).list;
      expect(mailer!.highlight).toEqual({
        title: [
          { text: 'Invoice', match: true },
          { text: ' Mailer', match: false },
        ],
        description: [{ text: 'Sends your customers their bills every month.', match: false }],
      });
    });

    it('finds Chinese titles by any part of them', async () => {
      for (const keyword of ['发票', '管理', '票', '发票管理']) {
        expect(await titles({ keyword }), keyword).toEqual(['发票管理']);
      }
      const [found] = (await list({ keyword: '管理' })).list;
      expect(found!.highlight!.title).toEqual([
        { text: '发票', match: false },
        { text: '管理', match: true },
      ]);
      expect(await titles({ keyword: '收据' })).toEqual(['发票管理']);
      expect(await titles({ keyword: '发明' })).toEqual([]);
    });

    it('sorts a search as asked, ties by downloads then DID', async () => {
      expect(await titles({ keyword: 'dashboard', sortBy: 'downloads' })).toEqual([
        'Team Notes',
        'Cron Dashboard',
      ]);
      expect(await titles({ keyword: 'dashboard', sortBy: 'title', sortDirection: 'desc' })).toEqual([
        'Team Notes',
        'Cron Dashboard',
      ]);
      expect(await titles({ keyword: 'dashboard', sortDirection: 'asc' })).toEqual([
        'Team Notes',
        'Cron Dashboard',
      ]);
      const paged = await list({ keyword: 'invoice', pageSize: 1, page: 2 });
      expect(paged).toMatchObject({ count: 2, list: [{ title: 'Billing Hub' }] });
    });

    it('never fails on what a visitor types', async () => {
      const hostile = [
        '"',
        "'",
        '*',
        '-',
        '-invoice',
        'invoice*',
        '"invoice',
        'NEAR(invoice mailer)',
        'invoice OR cron',
        'AND',
        'NOT',
        '()',
        ')(',
        '{cron}',
        'title:cron',
        '^cron',
        'cron + - * / \\',
        "'; drop table store_apps; --",
        '%',
        '_',
        '😀',
        '💥 dashboard 🚀',
        'a',
        'x'.repeat(200),
        // 66 different two-letter words, each the beginning of many terms.
        Array.from({ length: 66 }, (_, i) =>
          String.fromCharCode(97 + (i % 26), 97 + Math.floor(i / 26)),
        ).join(' '),
        'ＤＡＳＨＢＯＡＲＤ',
        'Dashbóard',
      ];
      for (const keyword of hostile) {
        const response = await t.call(null, 'GET', `/apps?keyword=${encodeURIComponent(keyword)}`);
        expect(response.statusCode, `${keyword}: ${response.body}`).toBe(200);
      }
      expect(await titles({ keyword: 'invoice*' })).toEqual(['Invoice Mailer', 'Billing Hub']);
      expect(await titles({ keyword: 'NEAR(invoice mailer)' })).toEqual(['Invoice Mailer', 'Billing Hub']);
      expect(await titles({ keyword: '💥 dashboard 🚀' })).toEqual(['Cron Dashboard', 'Team Notes']);
      expect(await titles({ keyword: 'ＤＡＳＨＢＯＡＲＤ' })).toEqual(['Cron Dashboard', 'Team Notes']);
      expect(await list({ keyword: '😀' })).toEqual({ list: [], count: 0 });
      expect(await titles({ keyword: '   ' })).toEqual(LISTED);
      // The platform refuses a NUL character in any text it is sent, as for every route.
      expect(codeOf(await t.call(null, 'GET', '/apps?keyword=%00'))).toBe('VALIDATION_FAILED');
      const tooLong = await t.call(null, 'GET', `/apps?keyword=${'x'.repeat(201)}`);
      expect(tooLong.statusCode).toBe(400);
      expect(codeOf(tooLong)).toBe('VALIDATION_FAILED');
    });
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await t.call(null, 'GET', '/openapi.json')).json();
    const parameters = document.paths['/apps'].get.parameters.map(
      (parameter: { name: string }) => parameter.name,
    );
    expect(parameters).toEqual(
      expect.arrayContaining(['keyword', 'category', 'price', 'sortBy', 'sortDirection', 'page', 'pageSize']),
    );
    expect(document.paths['/apps/explore'].get.responses['200']).toBeDefined();
    expect(document.components.schemas.CatalogueApp.properties).toHaveProperty('highlight');
  });
});
