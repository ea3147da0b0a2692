import { compareCodePoints, isCjkTerm, MAX_TERM_LENGTH } from './search-text.ts';

/**
 * A query's words become the indexed terms they stand for: the word itself, the terms it begins
 * (`dash` → `dashboard`), and the terms within its typo budget (`invoce` → `invoice`). Terms come
 * from the index's own vocabulary, which both databases hold alike, so the same query asks both
 * for the same terms. Only known terms reach the database, quoted: what a visitor types is never
 * query syntax there.
 */

/** A term of the index and in how many listed apps it stands. */
export interface VocabularyEntry {
  term: string;
  docs: number;
}

export interface Vocabulary {
  /** How many listings the index holds. */
  listings: number;
  /** Terms in code point order, for prefixes. */
  sorted: readonly string[];
  docs: ReadonlyMap<string, number>;
  /** Terms by their length, for typos. */
  byLength: ReadonlyMap<number, readonly string[]>;
}

export function buildVocabulary(entries: readonly VocabularyEntry[], listings: number): Vocabulary {
  const docs = new Map(entries.map((entry) => [entry.term, entry.docs]));
  const sorted = [...docs.keys()].sort(compareCodePoints);
  const byLength = new Map<number, string[]>();
  for (const term of sorted) {
    const bucket = byLength.get(term.length) ?? [];
    bucket.push(term);
    byLength.set(term.length, bucket);
  }
  return { listings, sorted, docs, byLength };
}

/** How a term matched one word of the query. */
export interface TermMatch {
  /** The word's place in the query. */
  word: number;
  typos: number;
  /** The word is only the beginning of the term. */
  prefix: boolean;
}

export interface QueryExpansion {
  words: readonly string[];
  /** Each term to look for, with the words it matches. */
  matches: ReadonlyMap<string, readonly TermMatch[]>;
}

/** Terms a word may begin, most common first: `a` alone would begin half the vocabulary. */
export const MAX_PREFIX_TERMS = 50;
/** Terms a misspelt word may stand for, closest and most common first. */
export const MAX_TYPO_TERMS = 20;
/** A word begins other terms from this many letters. */
export const MIN_PREFIX_LENGTH = 2;

/**
 * Edits a word may hold and still match: none below 4 letters, one up to 7, two from 8. (Lengths
 * and edits count UTF-16 units: the scripts typed with typos are all within them.)
 */
export function typoBudget(word: string): number {
  if (word.length >= 8) return 2;
  return word.length >= 4 ? 1 : 0;
}

/** Three rows of the distance table, reused: terms are at most MAX_TERM_LENGTH long. */
const ROWS = [0, 1, 2].map(() => new Int32Array(MAX_TERM_LENGTH + 2));

/**
 * The optimal string alignment distance between `a` and `b` (insertions, deletions,
 * substitutions, and swapping two neighbours each cost one), or `max + 1` as soon as it is sure
 * to exceed `max`. Run for every term of about a word's length, so it allocates nothing.
 */
export function editDistanceWithin(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a.length > MAX_TERM_LENGTH || b.length > MAX_TERM_LENGTH) return max + 1;
  let [before, previous, current] = ROWS as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const unit = a.charCodeAt(i - 1);
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const other = b.charCodeAt(j - 1);
      let value = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (unit === other ? 0 : 1),
      );
      if (i > 1 && j > 1 && unit === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === other) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, max + 1);
}

const byCommonest = (vocabulary: Vocabulary) => (a: string, b: string) =>
  (vocabulary.docs.get(b) ?? 0) - (vocabulary.docs.get(a) ?? 0) || compareCodePoints(a, b);

function termsBeginning(word: string, vocabulary: Vocabulary): string[] {
  const { sorted } = vocabulary;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareCodePoints(sorted[middle]!, word) < 0) low = middle + 1;
    else high = middle;
  }
  const found: string[] = [];
  for (let index = low; index < sorted.length && sorted[index]!.startsWith(word); index++) {
    if (sorted[index] !== word) found.push(sorted[index]!);
  }
  return found.sort(byCommonest(vocabulary)).slice(0, MAX_PREFIX_TERMS);
}

function termsWithinTypos(word: string, budget: number, vocabulary: Vocabulary): Map<string, number> {
  const found: Array<{ term: string; typos: number }> = [];
  for (let length = word.length - budget; length <= word.length + budget; length++) {
    for (const term of vocabulary.byLength.get(length) ?? []) {
      const typos = editDistanceWithin(word, term, budget);
      if (typos > 0 && typos <= budget) found.push({ term, typos });
    }
  }
  const commonest = byCommonest(vocabulary);
  found.sort((a, b) => a.typos - b.typos || commonest(a.term, b.term));
  return new Map(found.slice(0, MAX_TYPO_TERMS).map(({ term, typos }) => [term, typos]));
}

/**
 * A word in more than this share of the listings (`for`, `the`, `app`) tells them apart no more
 * than it widens the search to nearly all of them: beside other words it is left out, once the
 * Store holds enough apps for a share to mean something.
 */
export const COMMON_WORD_SHARE = 0.5;
export const COMMON_WORD_MIN_LISTINGS = 100;

/** The query's words less the common ones, unless only common words were asked for. */
function telling(words: readonly string[], vocabulary: Vocabulary): Set<string> {
  if (vocabulary.listings < COMMON_WORD_MIN_LISTINGS) return new Set(words);
  const limit = vocabulary.listings * COMMON_WORD_SHARE;
  const rare = words.filter((word) => (vocabulary.docs.get(word) ?? 0) <= limit);
  return new Set(rare.length > 0 ? rare : words);
}

/** The terms `words` stand for in `vocabulary`; a word found nowhere (or common) adds none. */
export function expandQuery(words: readonly string[], vocabulary: Vocabulary): QueryExpansion {
  const matches = new Map<string, TermMatch[]>();
  const searched = telling(words, vocabulary);
  const add = (term: string, match: TermMatch) => {
    const list = matches.get(term) ?? [];
    list.push(match);
    matches.set(term, list);
  };
  words.forEach((word, index) => {
    if (!searched.has(word)) return;
    if (vocabulary.docs.has(word)) add(word, { word: index, typos: 0, prefix: false });
    if (isCjkTerm(word)) return;
    const prefixed = word.length >= MIN_PREFIX_LENGTH ? termsBeginning(word, vocabulary) : [];
    for (const term of prefixed) add(term, { word: index, typos: 0, prefix: true });
    const budget = typoBudget(word);
    if (budget === 0) return;
    const begun = new Set(prefixed);
    for (const [term, typos] of termsWithinTypos(word, budget, vocabulary)) {
      if (!begun.has(term)) add(term, { word: index, typos, prefix: false });
    }
  });
  return { words, matches };
}
