import type { CatalogueSort, SortDirection } from '@bazaar/schemas';
import { readRevision } from '@bazaar/server-kit';
import { APP_CATALOGUE_REVISION } from '../../../db/migrations/0013-app-catalogue.ts';
import type { StoreDb } from '../../../db/tables.ts';
import { buildVocabulary, expandQuery, type QueryExpansion, type Vocabulary } from './query-expansion.ts';
import { relevanceOf } from './ranking.ts';
import {
  countListingRows,
  readSearchVocabulary,
  searchCatalogueRows,
  type CatalogueFilter,
  type CatalogueRow,
} from './repository.ts';
import { queryWordsOf } from './search-text.ts';

/**
 * The catalogue's search, one interface over both databases: the keyword becomes words, the
 * words become the index's terms (prefixes and typos included), and the database finds the apps
 * holding any of them and orders them by one ranking (ranking.ts).
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
  /** The apps of the page asked for, in order. */
  rows: CatalogueRow[];
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
  const search = (expansion: QueryExpansion) =>
    searchCatalogueRows(
      db,
      input.filter,
      { terms: [...expansion.matches.keys()], relevance: relevanceOf(expansion) },
      input.order,
      input.window,
    ).then((found) => ({ ...found, expansion }));
  if (words.length === 0) return search(expandQuery(words, NO_VOCABULARY));
  // Searched with the vocabulary in memory while its revision is read beside (one wait, not
  // two); when the catalogue has changed since, the vocabulary is read again and so is the search.
  const cached = vocabularies.get(db);
  const [revision, found] = await Promise.all([
    readRevision(db, APP_CATALOGUE_REVISION),
    search(expandQuery(words, cached ? await cached.vocabulary : NO_VOCABULARY)),
  ]);
  if (cached && revision <= cached.revision) return found;
  return search(expandQuery(words, await vocabularyAt(db, revision)));
}
