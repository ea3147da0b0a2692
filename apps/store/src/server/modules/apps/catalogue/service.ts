import {
  appAssetUrl,
  appVisibilitySchema,
  DEFAULT_SORT_DIRECTIONS,
  EXPLORE_CATEGORY_APPS_SIZE,
  EXPLORE_RECENTLY_UPDATED_SIZE,
  EXPLORE_TRENDING_SIZE,
  isStoreAdmin,
  type CatalogueApp,
  type CatalogueAppList,
  type CatalogueExplore,
  type ListCatalogueAppsQuery,
} from '@bazaar/schemas';
import { pageWindow } from '@bazaar/server-kit';
import type { StoreDb } from '../../../db/tables.ts';
import type { StoreDeps } from '../../../deps.ts';
import { listCategories } from '../../categories/service.ts';
import { findDeveloperNames } from '../../developers/index.ts';
import type { Viewer } from '../visibility.ts';
import { highlightListing } from './highlight.ts';
import type { QueryExpansion } from './query-expansion.ts';
import {
  countCatalogueRows,
  countCatalogueRowsByCategory,
  findCatalogueRows,
  listCatalogueRows,
  listTopCatalogueRowsPerCategory,
  type CatalogueRow,
  type CatalogueScope,
} from './repository.ts';
import { searchCatalogue } from './search.ts';
import { compareCodePoints } from './search-text.ts';

/**
 * The catalogue as `viewer` sees it: listed apps (published, public, not blocked) for everyone;
 * a signed-in user's own apps besides, whatever their state; every published app for a Store
 * admin. Lists, searches, sections and counts all read through this one scope.
 */
function scopeOf(viewer: Viewer): CatalogueScope {
  if (viewer !== null && isStoreAdmin(viewer)) return { kind: 'everything' };
  return { kind: 'listed', ownerDid: viewer?.did ?? null };
}

/** Items of `rows` in their order, with their developers' names read at once. */
async function toCatalogueApps(
  db: StoreDb,
  rows: readonly CatalogueRow[],
  expansion: QueryExpansion | null,
): Promise<CatalogueApp[]> {
  const names = await findDeveloperNames(
    db,
    rows.map((row) => row.owner_did),
  );
  return rows.map((row) => ({
    did: row.app_did,
    name: row.name,
    title: row.title,
    description: row.description,
    logoUrl: row.logo === null ? null : appAssetUrl(row.app_did, row.version, row.logo),
    category: row.category,
    ownerDid: row.owner_did,
    // Every app was uploaded by a developer, whose record outlives revocation and leaving.
    ownerName: names.get(row.owner_did) ?? row.owner_did,
    version: row.version,
    lastPublishedAt: row.published_at,
    downloads: row.downloads,
    price: row.price_amount === null ? null : { amount: row.price_amount, currency: row.price_currency! },
    keywords: JSON.parse(row.keywords) as string[],
    visibility: appVisibilitySchema.parse(row.visibility),
    isBlocked: row.blocked_at !== null,
    highlight: expansion === null ? null : highlightListing(row, expansion),
  }));
}

/**
 * `GET /api/apps`: a page of the catalogue, filtered by category and price. With a keyword it is
 * a search, ranked by relevance unless another order is asked for; without one it is sorted by
 * downloads unless asked otherwise. Ties go to the most downloaded, then the DID.
 */
export async function listCatalogueApps(
  deps: Pick<StoreDeps, 'db'>,
  input: { query: ListCatalogueAppsQuery; viewer: Viewer },
): Promise<CatalogueAppList> {
  const { db } = deps;
  const { query } = input;
  const filter = { scope: scopeOf(input.viewer), category: query.category, price: query.price };
  const window = pageWindow(query);
  if (query.keyword !== undefined) {
    const sortBy = query.sortBy ?? 'relevance';
    const found = await searchCatalogue(db, {
      keyword: query.keyword,
      filter,
      order: { sortBy, direction: query.sortDirection ?? DEFAULT_SORT_DIRECTIONS[sortBy] },
      window,
    });
    const rows = new Map((await findCatalogueRows(db, found.dids)).map((row) => [row.app_did, row]));
    const ordered = found.dids.flatMap((did) => rows.get(did) ?? []);
    return { list: await toCatalogueApps(db, ordered, found.expansion), count: found.count };
  }
  const sortBy = query.sortBy === undefined || query.sortBy === 'relevance' ? 'downloads' : query.sortBy;
  const order = { sortBy, direction: query.sortDirection ?? DEFAULT_SORT_DIRECTIONS[sortBy] };
  const [rows, count] = await Promise.all([
    listCatalogueRows(db, filter, order, window),
    countCatalogueRows(db, filter),
  ]);
  return { list: await toCatalogueApps(db, rows, null), count };
}

const mostDownloaded = (a: CatalogueRow, b: CatalogueRow) =>
  b.downloads - a.downloads || compareCodePoints(a.app_did, b.app_did);

/**
 * `GET /api/apps/explore`: the home page's sections as `viewer` sees the catalogue. Categories
 * come in the categories' own order, each with its count and most downloaded apps; a category
 * without an app the viewer may see is left out.
 */
export async function exploreCatalogue(
  deps: Pick<StoreDeps, 'db'>,
  viewer: Viewer,
): Promise<CatalogueExplore> {
  const { db } = deps;
  const scope = scopeOf(viewer);
  const [trending, recentlyUpdated, counts, tops, categories] = await Promise.all([
    listCatalogueRows(
      db,
      { scope },
      { sortBy: 'downloads', direction: 'desc' },
      { limit: EXPLORE_TRENDING_SIZE, offset: 0 },
    ),
    listCatalogueRows(
      db,
      { scope },
      { sortBy: 'lastPublished', direction: 'desc' },
      { limit: EXPLORE_RECENTLY_UPDATED_SIZE, offset: 0 },
    ),
    countCatalogueRowsByCategory(db, scope),
    listTopCatalogueRowsPerCategory(db, scope, EXPLORE_CATEGORY_APPS_SIZE),
    listCategories(db),
  ]);
  const apps = await toCatalogueApps(
    db,
    [...trending, ...recentlyUpdated, ...tops.sort(mostDownloaded)],
    null,
  );
  const trendingApps = apps.slice(0, trending.length);
  const recentApps = apps.slice(trending.length, trending.length + recentlyUpdated.length);
  const topApps = apps.slice(trending.length + recentlyUpdated.length);
  const countOf = new Map(counts.map(({ category, count }) => [category, count]));
  return {
    trending: trendingApps,
    recentlyUpdated: recentApps,
    categories: categories
      .filter((category) => (countOf.get(category.id) ?? 0) > 0)
      .map((category) => ({
        category,
        count: countOf.get(category.id)!,
        apps: topApps.filter((app) => app.category === category.id),
      })),
  };
}
