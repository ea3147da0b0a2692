import type { CatalogueSort, SortDirection } from '@bazaar/schemas';
import { readRevision } from '@bazaar/server-kit';
import { APP_CATALOGUE_REVISION } from '../../../db/migrations/0013-app-catalogue.ts';
import type { StoreDb } from '../../../db/tables.ts';
import { buildVocabulary, expandQuery, type QueryExpansion, type Vocabulary } from './query-expansion.ts';
import { orderCandidates } from './ranking.ts';
import {
  countListingRows,
  findSearchCandidates,
  readSearchVocabulary,
  type CatalogueFilter,
} from './repository.ts';
import { queryWordsOf } from './search-text.ts';

/**
 * The catalogue's search, one interface over both databases: the keyword becomes words, the
 * words become the index's terms (prefixes and typos included), the database finds the apps
 * holding any of them, and one ranking orders them.
 */

/** The vocabulary at a revision of the catalogue, per database. */
const vocabularies = new WeakMap<StoreDb, { revision: number; vocabulary: Promise<Vocabulary> }>();

const NO_VOCABULARY = buildVocabulary([], 0);

/**
 * The search index's vocabulary at `revision` or later, kept in memory until the catalogue's
 * revision (moved by triggers on every listing change, on any node) moves past it: typos are
 * found by comparing a word with every term of about its length, which no index does.
 */
function vocabularyAt(db: StoreDb, revision: number): Promise<Vocabulary> {
  const cached = vocabularies.get(db);
  if (cached && cached.revision >= revision) return cached.vocabulary;
  const vocabulary = Promise.all([readSearchVocabulary(db), countListingRows(db)]).then(
    ([entries, listings]) => buildVocabulary(entries, listings),
  );
  vocabularies.set(db, { revision, vocabulary });
  // A failed read is not kept: the next search reads again.
  vocabulary.catch(() => {
    if (vocabularies.get(db)?.vocabulary === vocabulary) vocabularies.delete(db);
  });
  return vocabulary;
}

export interface SearchResult {
  /** The apps of the page asked for, in order (with their developers, read beside them). */
  page: Array<{ did: string; owner_did: string }>;
  /** How many apps matched. */
  count: number;
  expansion: QueryExpansion;
}

export async function searchCatalogue(
  db: StoreDb,
  input: {
    keyword: string;
    filter: CatalogueFilter;
    order: { sortBy: CatalogueSort; direction: SortDirection };
    window: { limit: number; offset: number };
  },
): Promise<SearchResult> {
  const words = queryWordsOf(input.keyword);
  if (words.length === 0) return { page: [], count: 0, expansion: expandQuery(words, NO_VOCABULARY) };
  const find = (expansion: QueryExpansion) =>
    findSearchCandidates(db, input.filter, [...expansion.matches.keys()]);
  // Searched with the vocabulary in memory while its revision is read beside (one wait, not
  // two); when the catalogue has changed since, the vocabulary is read again and so is the search.
  const cached = vocabularies.get(db);
  let expansion = expandQuery(words, cached ? await cached.vocabulary : NO_VOCABULARY);
  const [revision, found] = await Promise.all([readRevision(db, APP_CATALOGUE_REVISION), find(expansion)]);
  let candidates = found;
  if (!cached || revision > cached.revision) {
    expansion = expandQuery(words, await vocabularyAt(db, revision));
    candidates = await find(expansion);
  }
  const ordered = orderCandidates(
    candidates.map((row) => ({
      did: row.did,
      ownerDid: row.owner_did,
      downloads: row.downloads,
      publishedAt: row.published_at,
      titleKey: row.title_key,
      titleTerms: row.title_terms,
      keywordTerms: row.keyword_terms,
      descriptionTerms: row.description_terms,
    })),
    expansion,
    input.order,
  );
  const { limit, offset } = input.window;
  return {
    page: ordered
      .slice(offset, offset + limit)
      .map((candidate) => ({ did: candidate.did, owner_did: candidate.ownerDid })),
    count: ordered.length,
    expansion,
  };
}
