import type { CataloguePriceFilter, CatalogueSort, SortDirection } from '@bazaar/schemas';
import { byCodePoints, countAll } from '@bazaar/server-kit';
import {
  PostgresAdapter,
  sql,
  type ExpressionBuilder,
  type Expression,
  type Insertable,
  type Selectable,
} from 'kysely';
import type { StoreDb, StoreTables } from '../../../db/tables.ts';
import type { VocabularyEntry } from './query-expansion.ts';
import type { Relevance, RelevanceProbe } from './ranking.ts';

export type ListingRow = Selectable<StoreTables['store_app_listings']>;

/**
 * Whose apps a list may hold besides the listed ones (published, public, not blocked): the
 * signed-in user's own, or every app for a Store admin.
 */
export type CatalogueScope = { kind: 'everything' } | { kind: 'listed'; ownerDid: string | null };

export interface CatalogueFilter {
  scope: CatalogueScope;
  category?: string | undefined;
  price?: CataloguePriceFilter | undefined;
}

/** What an item of the catalogue is made of: the listing's facts and the app's own. */
const ITEM_COLUMNS = [
  'l.app_did',
  'l.name',
  'l.version',
  'l.title',
  'l.description',
  'l.keywords',
  'l.logo',
  'l.price_amount',
  'l.price_currency',
  'l.published_at',
  'a.category',
  'a.owner_did',
  'a.downloads',
  'a.visibility',
  'a.blocked_at',
] as const;

/** A listing as lists show it: its published facts, with what its app row says now. */
export type CatalogueRow = Omit<
  Selectable<StoreTables['store_app_listings']>,
  'title_key' | 'title_terms' | 'keyword_terms' | 'description_terms'
> &
  Pick<Selectable<StoreTables['store_apps']>, 'category' | 'owner_did' | 'visibility' | 'blocked_at'> & {
    downloads: number;
  };

const isPostgres = (db: StoreDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Writes the listing of an app, replacing its previous version's; the search index follows by trigger. */
export async function upsertListingRow(db: StoreDb, row: Insertable<StoreTables['store_app_listings']>) {
  const { app_did: _did, ...changes } = row;
  await db
    .insertInto('store_app_listings')
    .values(row)
    .onConflict((conflict) => conflict.column('app_did').doUpdateSet(changes))
    .execute();
}

type CatalogueTables = StoreTables & {
  a: StoreTables['store_apps'];
  l: StoreTables['store_app_listings'];
};

/** The filter on the app's own row: published, listed (or the viewer's own), in the category. */
function appMatches({ scope, category }: CatalogueFilter) {
  return (eb: ExpressionBuilder<CatalogueTables, 'a'>) => {
    const conditions = [eb('a.current_version', 'is not', null)];
    if (scope.kind === 'listed') {
      const listed = eb.and([eb('a.blocked_at', 'is', null), eb('a.visibility', '=', 'public')]);
      conditions.push(
        scope.ownerDid === null ? listed : eb.or([listed, eb('a.owner_did', '=', scope.ownerDid)]),
      );
    }
    if (category !== undefined) conditions.push(eb('a.category', '=', category));
    return eb.and(conditions);
  };
}

/** Apps of the filter on `store_apps` alone: an app has a listing exactly while it has a published version. */
function appsQuery(db: StoreDb, filter: CatalogueFilter) {
  return db.selectFrom('store_apps as a').where(appMatches(filter));
}

/**
 * The apps of the filter with their listings, read in the order of an index: the apps' downloads
 * (`apps`) or the listings' publication dates, titles or search matches (`listings`). From the
 * listings, each app is then found by its DID: SQLite keeps the tables of a CROSS JOIN in the
 * order written; PostgreSQL would rather hash every app, unless each is one LIMIT 1 subquery.
 */
function catalogueQuery(db: StoreDb, filter: CatalogueFilter, from: 'apps' | 'listings') {
  const listings = db.selectFrom('store_app_listings as l');
  const joined =
    from === 'apps'
      ? db
          .selectFrom('store_apps as a')
          .innerJoin('store_app_listings as l', 'l.app_did', 'a.did')
          .where(appMatches(filter))
      : isPostgres(db)
        ? listings.innerJoinLateral(
            (eb) =>
              eb
                .selectFrom('store_apps as a')
                .selectAll('a')
                .whereRef('a.did', '=', 'l.app_did')
                .where(appMatches(filter))
                .limit(1)
                .as('a'),
            (join) => join.onTrue(),
          )
        : listings.crossJoin('store_apps as a').whereRef('a.did', '=', 'l.app_did').where(appMatches(filter));
  return joined
    .$if(filter.price === 'free', (query) => query.where('l.price_amount', 'is', null))
    .$if(filter.price === 'paid', (query) => query.where('l.price_amount', 'is not', null));
}

export type ListingSort = 'downloads' | 'lastPublished' | 'title';

const SORT_COLUMNS = { downloads: 'a.downloads', lastPublished: 'l.published_at' } as const;

const sortColumn = (db: StoreDb, sortBy: ListingSort) =>
  sortBy === 'title' ? byCodePoints(db, 'l.title_key') : sql.ref(SORT_COLUMNS[sortBy]);

/** A page of the catalogue in `order`, ties broken by downloads (most first) then DID. */
export async function listCatalogueRows(
  db: StoreDb,
  filter: CatalogueFilter,
  order: { sortBy: ListingSort; direction: SortDirection },
  window: { limit: number; offset: number },
): Promise<CatalogueRow[]> {
  return catalogueQuery(db, filter, order.sortBy === 'downloads' ? 'apps' : 'listings')
    .select(ITEM_COLUMNS)
    .orderBy(sortColumn(db, order.sortBy), order.direction)
    .orderBy('a.downloads', 'desc')
    .orderBy(byCodePoints(db, 'a.did'))
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

export async function countCatalogueRows(db: StoreDb, filter: CatalogueFilter): Promise<number> {
  // Only a price filter reads the listing; the rest is the app's own row.
  const query = filter.price === undefined ? appsQuery(db, filter) : catalogueQuery(db, filter, 'apps');
  const row = await query.select(countAll().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Per category holding any app of the scope: how many. */
export async function countCatalogueRowsByCategory(
  db: StoreDb,
  scope: CatalogueScope,
): Promise<Array<{ category: string; count: number }>> {
  const rows = await appsQuery(db, { scope })
    .where('a.category', 'is not', null)
    .select(['a.category', countAll().as('count')])
    .groupBy('a.category')
    .execute();
  return rows.map((row) => ({ category: row.category!, count: Number(row.count) }));
}

const contains = (
  db: StoreDb,
  column: 'l.title_terms' | 'l.keyword_terms' | 'l.description_terms',
  needle: string,
) =>
  isPostgres(db)
    ? sql<boolean>`strpos(${sql.ref(column)}, ${needle}) > 0`
    : sql<boolean>`instr(${sql.ref(column)}, ${needle}) > 0`;

/**
 * An app's relevance score (lower is better, see ranking.ts): per word, the best score of its
 * probes, summed. The scores are integers this module made, written as literals so that both
 * databases type them as integers; the needles are bound.
 */
function relevanceScore(db: StoreDb, relevance: Relevance) {
  const probe = ({ needle, scores: [title, keywords, description] }: RelevanceProbe) =>
    sql<number>`case when ${contains(db, 'l.title_terms', needle)} then ${sql.lit(title)} when ${contains(db, 'l.keyword_terms', needle)} then ${sql.lit(keywords)} when ${contains(db, 'l.description_terms', needle)} then ${sql.lit(description)} else ${sql.lit(relevance.unmatched)} end`;
  // PostgreSQL's least and SQLite's many-argument min are the same function.
  const best = isPostgres(db) ? sql.raw('least') : sql.raw('min');
  const words = relevance.words.map((probes) =>
    probes.length === 1 ? probe(probes[0]!) : sql<number>`${best}(${sql.join(probes.map(probe))})`,
  );
  return sql<number>`(${sql.join(words, sql` + `)})`;
}

export interface CatalogueSearch {
  /** The index's terms an app must hold one of. */
  terms: readonly string[];
  relevance: Relevance;
}

/**
 * A page of the apps of the filter holding any of the search's terms, in `order`, ties broken by
 * downloads (most first) then DID, and how many there are. They are found by the database's
 * full-text index: FTS5 on SQLite (its rows are the listings' `id`s), the GIN-indexed
 * `search_vector` on PostgreSQL. The terms are the index's own (letters and digits only), each
 * quoted, and the query is one bound value: nothing a visitor typed is ever read as query syntax.
 */
export async function searchCatalogueRows(
  db: StoreDb,
  filter: CatalogueFilter,
  search: CatalogueSearch,
  order: { sortBy: CatalogueSort; direction: SortDirection },
  window: { limit: number; offset: number },
): Promise<{ rows: CatalogueRow[]; count: number }> {
  if (search.terms.length === 0) return { rows: [], count: 0 };
  // PostgreSQL plans as if a page read at random cost four read in order (disks that seek). The
  // listings a search reads stay in memory, where both cost about the same (the 1.1 commonly set
  // for SSDs); at 4, a common word's thousand matches look dearer through the index than reading
  // every listing, which takes several times longer.
  if (isPostgres(db) && !db.isTransaction) {
    return db.transaction().execute(async (trx) => {
      await sql`set local random_page_cost = 1.1`.execute(trx);
      return searchCatalogueRows(trx, filter, search, order, window);
    });
  }
  const { terms } = search;
  const matching = isPostgres(db)
    ? sql<boolean>`l.search_vector @@ cast(${terms.map((term) => `'${term.replace(/['\\]/g, (c) => c + c)}'`).join(' | ')} as tsquery)`
    : sql<boolean>`l.id in (select rowid from store_app_listings_fts where store_app_listings_fts match ${terms
        .map((term) => `"${term.replaceAll('"', '""')}"`)
        .join(' OR ')})`;
  const found = catalogueQuery(db, filter, 'listings').where(matching);
  // The best score sorts first: ascending scores for the most relevant first.
  const [sortBy, direction]: [Expression<unknown>, SortDirection] =
    order.sortBy === 'relevance'
      ? [relevanceScore(db, search.relevance), order.direction === 'desc' ? 'asc' : 'desc']
      : [sortColumn(db, order.sortBy), order.direction];
  const rows = await found
    .select([...ITEM_COLUMNS, sql<number>`count(*) over ()`.as('matches')])
    .orderBy(sortBy, direction)
    .orderBy('a.downloads', 'desc')
    .orderBy(byCodePoints(db, 'a.did'))
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  // Each row carries the count; a page past the end has none to carry it.
  const count =
    rows.length > 0
      ? Number(rows[0]!.matches)
      : window.offset === 0
        ? 0
        : Number((await found.select(countAll().as('count')).executeTakeFirstOrThrow()).count);
  return { rows: rows.map(({ matches: _matches, ...row }) => row), count };
}

/** How many listings there are, whoever may see them (the search index holds them all). */
export async function countListingRows(db: StoreDb): Promise<number> {
  const row = await db
    .selectFrom('store_app_listings')
    .select(countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every term of the search index and how many listings hold it: FTS5's vocabulary, or `ts_stat`'s. */
export async function readSearchVocabulary(db: StoreDb): Promise<VocabularyEntry[]> {
  const query = isPostgres(db)
    ? sql<{
        term: string;
        docs: number;
      }>`select word as term, ndoc as docs from ts_stat('select search_vector from store_app_listings')`
    : sql<{ term: string; docs: number }>`select term, doc as docs from store_app_listings_vocab`;
  const { rows } = await query.execute(db);
  return rows.map((row) => ({ term: row.term, docs: Number(row.docs) }));
}
