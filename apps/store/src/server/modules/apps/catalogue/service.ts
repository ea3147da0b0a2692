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
  listCatalogueRows,
  type CatalogueRow,
  type CatalogueScope,
} from './repository.ts';
import { searchCatalogue } from './search.ts';

/**
 * The catalogue as `viewer` sees it: listed apps (published, public, not blocked) for everyone;
 * a signed-in user's own apps besides, whatever their state; every published app for a Store
 * admin. Lists, searches, sections and counts all read through this one scope.
 */
function scopeOf(viewer: Viewer): CatalogueScope {
  if (viewer !== null && isStoreAdmin(viewer)) return { kind: 'everything' };
  return { kind: 'listed', ownerDid: viewer?.did ?? null };
}

/** The developers' names of `rows`, read at once. */
const ownerNamesOf = (db: StoreDb, rows: readonly Pick<CatalogueRow, 'owner_did'>[]) =>
  findDeveloperNames(
    db,
    rows.map((row) => row.owner_did),
  );

/** Items of `rows` in their order; `names` are their developers'. */
function toCatalogueApps(
  rows: readonly CatalogueRow[],
  names: ReadonlyMap<string, string>,
  expansion: QueryExpansion | null,
): CatalogueApp[] {
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
    const names = await ownerNamesOf(db, found.rows);
    return { list: toCatalogueApps(found.rows, names, found.expansion), count: found.count };
  }
  const sortBy = query.sortBy === undefined || query.sortBy === 'relevance' ? 'downloads' : query.sortBy;
  const order = { sortBy, direction: query.sortDirection ?? DEFAULT_SORT_DIRECTIONS[sortBy] };
  const [rows, count] = await Promise.all([
    listCatalogueRows(db, filter, order, window),
    countCatalogueRows(db, filter),
  ]);
  return { list: toCatalogueApps(rows, await ownerNamesOf(db, rows), null), count };
}

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
  const first = (limit: number) => ({ limit, offset: 0 });
  const [trending, recentlyUpdated, counts, categories] = await Promise.all([
    listCatalogueRows(
      db,
      { scope },
      { sortBy: 'downloads', direction: 'desc' },
      first(EXPLORE_TRENDING_SIZE),
    ),
    listCatalogueRows(
      db,
      { scope },
      { sortBy: 'lastPublished', direction: 'desc' },
      first(EXPLORE_RECENTLY_UPDATED_SIZE),
    ),
    countCatalogueRowsByCategory(db, scope),
    listCategories(db),
  ]);
  const countOf = new Map(counts.map(({ category, count }) => [category, count]));
  const shown = categories.filter((category) => (countOf.get(category.id) ?? 0) > 0);
  // One short walk of the category's downloads index each: a dozen categories cost less than
  // ranking the whole catalogue at once.
  const tops = await Promise.all(
    shown.map((category) =>
      listCatalogueRows(
        db,
        { scope, category: category.id },
        { sortBy: 'downloads', direction: 'desc' },
        first(EXPLORE_CATEGORY_APPS_SIZE),
      ),
    ),
  );
  const rows = [...trending, ...recentlyUpdated, ...tops.flat()];
  const apps = toCatalogueApps(rows, await ownerNamesOf(db, rows), null);
  let taken = 0;
  const take = (count: number) => apps.slice(taken, (taken += count));
  return {
    trending: take(trending.length),
    recentlyUpdated: take(recentlyUpdated.length),
    categories: shown.map((category, index) => ({
      category,
      count: countOf.get(category.id)!,
      apps: take(tops[index]!.length),
    })),
  };
}
