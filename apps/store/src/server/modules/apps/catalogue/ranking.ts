import type { QueryExpansion } from './query-expansion.ts';
import { MAX_QUERY_WORDS } from './search-text.ts';

/**
 * One ranking for both databases: each finds the apps holding a query's terms with its own
 * full-text index and orders them by the score this module defines, so the same query lists the
 * same apps first on SQLite and PostgreSQL. Apps are compared as a search engine's buckets: more
 * of the query's words matched, then fewer typos, then matches in better places (title or name,
 * then keywords, then description), then more words matched whole rather than by their
 * beginning; ties go to the most downloaded, then the DID.
 *
 * The database scores the candidates rather than sending them here: a common word matches a
 * thousand apps, and reading them all cost more than ranking them.
 */

/**
 * A probe looks for ` needle` in each place of an app's terms (each place is its terms padded
 * with spaces, and holds a term only if no better place does), and scores the best place found:
 * `scores[place]`, or the word's `unmatched` score when no place holds it.
 */
export interface RelevanceProbe {
  needle: string;
  /** In the title or name, in the keywords, in the description. */
  scores: readonly [number, number, number];
}

/**
 * An app's score is the sum over the query's words of the best (lowest) score of the word's
 * probes; lower is better. The scores are small integers, so both databases add them alike.
 */
export interface Relevance {
  words: ReadonlyArray<readonly RelevanceProbe[]>;
  unmatched: number;
}

/**
 * A matched word scores `typos × TYPO + place × PLACE + prefix`, and an unmatched one more than
 * all matched words together could: summed over the words, the score compares as the buckets do.
 * Each bound exceeds the most the words can add up below it.
 */
const PREFIX = 1;
const PLACE = MAX_QUERY_WORDS * PREFIX + 1;
const TYPO = MAX_QUERY_WORDS * (2 * PLACE + PREFIX) + 1;
const UNMATCHED = MAX_QUERY_WORDS * (2 * TYPO + 2 * PLACE + PREFIX) + 1;

const scoresOf = (typos: number, prefix: boolean): RelevanceProbe['scores'] => {
  const base = typos * TYPO + (prefix ? PREFIX : 0);
  return [base, base + PLACE, base + 2 * PLACE];
};

/**
 * The probes of `expansion`: for each word, its exact term and each of its typos' terms, whole
 * (` term `); and its beginning (` word`), which finds in one probe every term the word begins.
 */
export function relevanceOf(expansion: QueryExpansion): Relevance {
  const words = expansion.words.map((): RelevanceProbe[] => []);
  for (const [term, matches] of expansion.matches) {
    for (const { word, typos, prefix } of matches) {
      const probes = words[word]!;
      const needle = prefix ? ` ${expansion.words[word]}` : ` ${term} `;
      if (!probes.some((probe) => probe.needle === needle)) {
        probes.push({ needle, scores: scoresOf(typos, prefix) });
      }
    }
  }
  return { words: words.filter((probes) => probes.length > 0), unmatched: UNMATCHED };
}
