import type { CatalogueSort, SortDirection } from '@bazaar/schemas';
import type { QueryExpansion, TermMatch } from './query-expansion.ts';
import { compareCodePoints } from './search-text.ts';

/**
 * One ranking for both databases: each finds the apps holding a query's terms with its own
 * full-text index, and this orders them, so the same query lists the same apps first on SQLite
 * and PostgreSQL. Apps are compared as a search engine's buckets: more of the query's words
 * matched, then fewer typos, then matches in better places (title or name, then keywords, then
 * description), then more words matched whole rather than by their beginning; ties go to the
 * most downloaded, then the DID.
 */

/** An app the database found, with what ranking and sorting read. Terms are as `store_app_listings` keeps them. */
export interface SearchCandidate {
  did: string;
  ownerDid: string;
  downloads: number;
  publishedAt: number;
  titleKey: string;
  titleTerms: string;
  keywordTerms: string;
  descriptionTerms: string;
}

export interface Relevance {
  matchedWords: number;
  typos: number;
  /** Summed over matched words: 0 for the title or name, 1 for keywords, 2 for the description. */
  placeRank: number;
  /** Matched words found only as the beginning of a term. */
  prefixes: number;
}

interface WordMatch {
  typos: number;
  place: number;
  prefix: boolean;
}

function isBetter(match: WordMatch, than: WordMatch | undefined): boolean {
  if (than === undefined) return true;
  return (
    (match.typos - than.typos || match.place - than.place || Number(match.prefix) - Number(than.prefix)) < 0
  );
}

/**
 * A query of at most this many terms looks each one up in an app's terms (no string is made); a
 * query of more, a prefix of two letters say, splits the app's terms once instead.
 */
const FEW_TERMS = 24;

/** The query's terms as ranking reads them: each with its matches, and ` term ` to look for. */
interface Lookup {
  expansion: QueryExpansion;
  needles: Array<{ needle: string; matches: readonly TermMatch[] }> | null;
}

function lookupOf(expansion: QueryExpansion): Lookup {
  const needles =
    expansion.matches.size <= FEW_TERMS
      ? [...expansion.matches].map(([term, matches]) => ({ needle: ` ${term} `, matches }))
      : null;
  return { expansion, needles };
}

/**
 * How well `candidate` matches the query: per word its best match, summed. A term stands in one
 * place of an app only (the best it appears in), and each place's terms are padded with spaces.
 */
function relevanceOf(candidate: SearchCandidate, lookup: Lookup): Relevance {
  const best: Array<WordMatch | undefined> = [];
  const record = (matches: readonly TermMatch[], place: number) => {
    for (const { word, typos, prefix } of matches) {
      const match = { typos, place, prefix };
      if (isBetter(match, best[word])) best[word] = match;
    }
  };
  const places = [candidate.titleTerms, candidate.keywordTerms, candidate.descriptionTerms];
  if (lookup.needles) {
    for (const { needle, matches } of lookup.needles) {
      const place = places.findIndex((terms) => terms.includes(needle));
      if (place >= 0) record(matches, place);
    }
  } else {
    places.forEach((terms, place) => {
      for (const term of terms.split(' ')) {
        const matches = lookup.expansion.matches.get(term);
        if (matches) record(matches, place);
      }
    });
  }
  const relevance: Relevance = { matchedWords: 0, typos: 0, placeRank: 0, prefixes: 0 };
  for (const match of best) {
    if (!match) continue;
    relevance.matchedWords += 1;
    relevance.typos += match.typos;
    relevance.placeRank += match.place;
    relevance.prefixes += Number(match.prefix);
  }
  return relevance;
}

/** Negative when `a` is the better match. */
export function compareRelevance(a: Relevance, b: Relevance): number {
  return (
    b.matchedWords - a.matchedWords ||
    a.typos - b.typos ||
    a.placeRank - b.placeRank ||
    a.prefixes - b.prefixes
  );
}

interface Ranked {
  candidate: SearchCandidate;
  relevance: Relevance;
}

/** Each sort's order from least to most (`asc`); `desc` turns it round. */
const ASCENDING: Record<CatalogueSort, (a: Ranked, b: Ranked) => number> = {
  relevance: (a, b) => compareRelevance(b.relevance, a.relevance),
  downloads: (a, b) => a.candidate.downloads - b.candidate.downloads,
  lastPublished: (a, b) => a.candidate.publishedAt - b.candidate.publishedAt,
  title: (a, b) => compareCodePoints(a.candidate.titleKey, b.candidate.titleKey),
};

/** The candidates in the order asked for, ties broken by downloads (most first) then DID. */
export function orderCandidates(
  candidates: readonly SearchCandidate[],
  expansion: QueryExpansion,
  order: { sortBy: CatalogueSort; direction: SortDirection },
): SearchCandidate[] {
  const primary = ASCENDING[order.sortBy];
  const sign = order.direction === 'asc' ? 1 : -1;
  const lookup = lookupOf(expansion);
  return candidates
    .map((candidate) => ({ candidate, relevance: relevanceOf(candidate, lookup) }))
    .sort(
      (a, b) =>
        sign * primary(a, b) ||
        b.candidate.downloads - a.candidate.downloads ||
        compareCodePoints(a.candidate.did, b.candidate.did),
    )
    .map((ranked) => ranked.candidate);
}
