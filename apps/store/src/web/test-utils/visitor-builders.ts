import {
  appAssetUrl,
  type AppPage,
  type CatalogueApp,
  type DownloadSeries,
  type Licence,
  type StoreCategory,
} from '@bazaar/schemas';
import { APP_DID, DAY, TEST_NOW, USERS } from './store-builders.ts';

const asset = (path: string, version = '1.2.0') => appAssetUrl(APP_DID, version, path);

/** A free, public app's page as a visitor gets it: published 1.2.0 (and 1.0.0 before), a readme in English and Chinese. */
export function makeAppPage(overrides: Partial<AppPage> = {}): AppPage {
  return {
    did: APP_DID,
    name: 'weather-board',
    title: 'Weather Board',
    description: 'Forecasts on your dashboard.',
    version: '1.2.0',
    status: 'published',
    publishedAt: TEST_NOW - DAY,
    currentVersion: '1.2.0',
    logoUrl: asset('logo.png'),
    screenshotUrls: [asset('shots/one.png'), asset('shots/two.png')],
    readmeUrls: { en: asset('README.md'), zh: asset('README.zh.md') },
    changelogUrl: asset('CHANGELOG.md'),
    license: 'MIT',
    keywords: ['weather', 'dashboard'],
    price: null,
    category: 'tools',
    components: [],
    dependencies: [
      {
        did: 'did:key:z6MkfQ1dependencyDidForTheTests1234567890abcdef',
        name: 'chart-kit',
        version: '^2.0.0',
      },
      { did: null, name: 'left-pad', version: '1.x' },
    ],
    extensions: [],
    resources: [],
    size: 1_572_864,
    integrity: 'sha512-W2VhdGhlcg==',
    fileCount: 12,
    ownerDid: USERS.member.did,
    ownerName: 'Mia',
    visibility: 'public',
    isBlocked: false,
    downloads: 12_345,
    versions: [
      { version: '1.2.0', publishedAt: TEST_NOW - DAY, size: 1_572_864 },
      { version: '1.0.0', publishedAt: TEST_NOW - 20 * DAY, size: 1_048_576 },
    ],
    management: null,
    ...overrides,
  };
}

/** 30 days of downloads, oldest first, ending on the tests' "now". */
export function makeDownloadSeries(counts: number[] = [0, 3, 5, 2]): DownloadSeries {
  const days = Array.from({ length: 30 }, (_, index) => {
    const day = new Date((TEST_NOW - (29 - index) * DAY) * 1000).toISOString().slice(0, 10);
    return { day, count: counts[index - (30 - counts.length)] ?? 0 };
  });
  return { total: 12_345, lastDays: days.reduce((sum, each) => sum + each.count, 0), days };
}

export function makeLicence(overrides: Partial<Licence> = {}): Licence {
  return {
    id: 'lic_1',
    appDid: APP_DID,
    buyerDid: USERS.member.did,
    versionRange: '*',
    status: 'active',
    issuedAt: TEST_NOW,
    revokedAt: null,
    checkoutSessionId: 'cs_test_1',
    token: 'eyJhbGciOiJFZERTQSJ9.e30.c2ln',
    ...overrides,
  };
}

export const CATEGORIES: StoreCategory[] = [
  { id: 'tools', name: { en: 'Tools', zh: '工具' } },
  { id: 'games', name: { en: 'Games', zh: '游戏' } },
];

/** An app as the catalogue lists it, unsearched (no highlight). */
export function makeCatalogueApp(overrides: Partial<CatalogueApp> = {}): CatalogueApp {
  return {
    did: APP_DID,
    name: 'weather-board',
    title: 'Weather Board',
    description: 'Forecasts on your dashboard.',
    logoUrl: null,
    category: 'tools',
    ownerDid: USERS.member.did,
    ownerName: 'Mia',
    version: '1.2.0',
    lastPublishedAt: TEST_NOW - DAY,
    downloads: 1_200,
    price: null,
    keywords: ['weather'],
    visibility: 'public',
    isBlocked: false,
    highlight: null,
    ...overrides,
  };
}
