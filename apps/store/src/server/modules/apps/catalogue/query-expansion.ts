import { compareCodePoints, isCjkTerm } from './search-text.ts';

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
  /** Terms in code point order, for prefixes. */
  sorted: readonly string[];
  docs: ReadonlyMap<string, number>;
  /** Terms by their length in code points, for typos. */
  byLength: ReadonlyMap<number, readonly string[][]>;
}

const codePoints = (text: string) => Array.from(text);

export function buildVocabulary(entries: readonly VocabularyEntry[]): Vocabulary {
  const docs = new Map(entries.map((entry) => [entry.term, entry.docs]));
  const sorted = [...docs.keys()].sort(compareCodePoints);
  const byLength = new Map<number, string[][]>();
  for (const term of sorted) {
    const points = codePoints(term);
    const bucket = byLength.get(points.length) ?? [];
    bucket.push(points);
    byLength.set(points.length, bucket);
  }
  return { sorted, docs, byLength };
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

/** Edits a word may hold and still match: none below 4 letters, one up to 7, two from 8. */
export function typoBudget(word: string): number {
  const length = codePoints(word).length;
  if (length >= 8) return 2;
  return length >= 4 ? 1 : 0;
}

/**
 * The optimal string alignment distance between `a` and `b` (insertions, deletions,
 * substitutions, and swapping two neighbours each cost one), or `max + 1` as soon as it is sure
 * to exceed `max`.
 */
export function editDistanceWithin(a: readonly string[], b: readonly string[], max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > max) return max + 1;
    before = previous;
    previous = current;
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
  const points = codePoints(word);
  const found: Array<{ term: string; typos: number }> = [];
  for (let length = points.length - budget; length <= points.length + budget; length++) {
    for (const candidate of vocabulary.byLength.get(length) ?? []) {
      const typos = editDistanceWithin(points, candidate, budget);
      if (typos > 0 && typos <= budget) found.push({ term: candidate.join(''), typos });
    }
  }
  const commonest = byCommonest(vocabulary);
  found.sort((a, b) => a.typos - b.typos || commonest(a.term, b.term));
  return new Map(found.slice(0, MAX_TYPO_TERMS).map(({ term, typos }) => [term, typos]));
}

/** The terms `words` stand for in `vocabulary`; a word found nowhere adds none. */
export function expandQuery(words: readonly string[], vocabulary: Vocabulary): QueryExpansion {
  const matches = new Map<string, TermMatch[]>();
  const add = (term: string, match: TermMatch) => {
    const list = matches.get(term) ?? [];
    list.push(match);
    matches.set(term, list);
  };
  words.forEach((word, index) => {
    if (vocabulary.docs.has(word)) add(word, { word: index, typos: 0, prefix: false });
    if (isCjkTerm(word)) return;
    const prefixed = codePoints(word).length >= MIN_PREFIX_LENGTH ? termsBeginning(word, vocabulary) : [];
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
